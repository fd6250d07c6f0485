package dl2.cli;

import dl2.model.Task;
import dl2.placement.PlacementPlugin;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/** A placement plug-in for the controller's tests: every task on the highest node index. */
public final class LastNodePlacement implements PlacementPlugin {
  static final String NAME = "last-node";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Placement create(long seed) {
    return new Placement() {
      @Override
      public String name() {
        return NAME;
      }

      @Override
      public int nodeFor(JobView job, Task task, PlacementView view) {
        return view.cluster().nodeCount() - 1;
      }
    };
  }
}
