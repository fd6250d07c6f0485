package dl2.simulation;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import java.util.List;

/**
 * Stops a run in which the scheduler lets no job train, long before the slot limit. A slot <em>lets
 * a job train</em> when the job made progress in it, or held a worker and a PS and lost the whole
 * slot to a rescaling cost (the cost model's doing, not the scheduler's). A slot in which jobs wait
 * and none was let train is <em>starved</em> if the cluster, as the scheduler left it, still had
 * room on some node for what one of them lacked (a bundle, or the PS or worker it was missing): the
 * scheduler could have let it train and did not. Every allocation is cleared at each slot's start,
 * so no legitimate run has such a slot; {@link #STARVED_SLOT_LIMIT} of them in a row stop the run
 * with a {@link StarvedRunException}. Slots with no job let train and no room left (a cluster
 * filled with tasks that cannot train) stop it after {@link Simulator#IDLE_SLOT_LIMIT}.
 */
final class StarvationWatch {
  /** Starved slots in a row after which a run stops. */
  static final int STARVED_SLOT_LIMIT = 20;

  private final String scheduler;
  private final String trace;
  private int idleSlots;
  private int starvedSlots;

  StarvationWatch(String scheduler, String trace) {
    this.scheduler = scheduler;
    this.trace = trace;
  }

  /**
   * Called after slot {@code slot} with its outcome, the jobs still outstanding (ascending id,
   * still holding the slot's tasks) and the cluster as the slot left it; {@code nextSlot} is the
   * slot the run moves to.
   */
  void afterSlot(
      int slot, int nextSlot, SlotOutcome outcome, List<JobView> outstanding, ClusterView cluster) {
    if (outstanding.isEmpty() || letAnyTrain(outcome.progress())) {
      idleSlots = 0;
      starvedSlots = 0;
      return;
    }
    idleSlots++;
    int roomy = nodesWithRoom(outstanding, cluster);
    starvedSlots = roomy > 0 ? starvedSlots + 1 : 0;
    if (starvedSlots >= STARVED_SLOT_LIMIT) {
      throw new StarvedRunException(
          scheduler,
          "scheduler " + scheduler,
          trace,
          slot - STARVED_SLOT_LIMIT + 1,
          slot,
          outstanding.stream().mapToInt(JobView::id).toArray(),
          roomy,
          cluster.nodeCount());
    }
    if (idleSlots >= Simulator.IDLE_SLOT_LIMIT) {
      throw SimulationLimitException.idle(trace, outstanding.size(), nextSlot);
    }
  }

  private static boolean letAnyTrain(List<JobProgress> steps) {
    for (JobProgress step : steps) {
      if (step.epochsDone() > 0
          || (step.workers() > 0 && step.parameterServers() > 0 && step.trainedSlots() == 0)) {
        return true;
      }
    }
    return false;
  }

  /** Nodes on which what at least one waiting job lacks to train would fit. */
  private static int nodesWithRoom(List<JobView> waiting, ClusterView cluster) {
    Resources[] lacking =
        waiting.stream()
            .map(StarvationWatch::lacking)
            .filter(d -> d != null)
            .distinct()
            .toArray(Resources[]::new);
    int roomy = 0;
    for (int node = 0; node < cluster.nodeCount(); node++) {
      for (Resources demand : lacking) {
        if (cluster.fits(node, demand)) {
          roomy++;
          break;
        }
      }
    }
    return roomy;
  }

  /**
   * The tasks {@code job} lacks to train, as resources: a bundle, a PS or a worker; null if it has
   * both.
   */
  private static Resources lacking(JobView job) {
    if (job.workers() == 0) {
      return job.type().demand(job.parameterServers() == 0 ? Task.BUNDLE : Task.WORKER);
    }
    return job.parameterServers() == 0 ? job.type().demand(Task.PS) : null;
  }
}
