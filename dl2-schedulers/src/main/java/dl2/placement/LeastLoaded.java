package dl2.placement;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import dl2.slot.SchedulerName;

/**
 * {@code least-loaded}: today's rule exactly (dl2-spec §2.3): the least-loaded node, ties to the
 * lower index, whether or not the task fits there (if not, the add fails). A scheduler with it
 * gives the results of the scheduler alone, bit for bit.
 */
public final class LeastLoaded implements Placement {
  public static final String NAME = SchedulerName.DEFAULT_PLACEMENT;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int nodeFor(JobView job, Task task, PlacementView view) {
    return view.cluster().leastLoadedNode();
  }
}
