package dl2.placement;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.LocalPairs;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/**
 * {@code fewest-nodes}: Optimus' published placement (Peng et al., EuroSys'18 §5.3), one task at a
 * time: a job's tasks on as few nodes as possible, with its PSs and workers balanced across them so
 * that as many worker–PS pairs as possible share a node. A task goes to the job's own node that
 * fits it and gains most local pairs (a worker: the most of the job's PSs there; a PS: the most of
 * its workers; a bundle: both), then the most of the job's tasks, then the lower index; if none
 * fits, to the least-loaded node that fits it (the most room to grow on), ties to the lower index;
 * if none fits, nowhere.
 */
public final class FewestNodes implements Placement {
  public static final String NAME = "fewest-nodes";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int nodeFor(JobView job, Task task, PlacementView view) {
    ClusterView cluster = view.cluster();
    Resources demand = job.type().demand(task);
    LocalPairs best = new LocalPairs();
    for (int i = 0; i < view.nodesOf(job); i++) {
      int node = view.nodeOf(job, i);
      if (cluster.fits(node, demand)) {
        best.offer(node, task, view.workersOf(job, node), view.parameterServersOf(job, node));
      }
    }
    return best.node() != NOWHERE ? best.node() : cluster.leastLoadedFitting(demand);
  }
}
