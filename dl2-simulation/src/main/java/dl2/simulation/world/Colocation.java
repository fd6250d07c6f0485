package dl2.simulation.world;

import dl2.model.JobType;
import dl2.slot.PlacementProbe;

/**
 * Co-location interference in one slot. Each task of another training job on a node adds 1/s − 1 to
 * the communication time of every task of a type-k job there, where s is Gavel's measured
 * throughput of k sharing with the other task's type; a synchronous job waits for its slowest node,
 * so its factor is the largest over the nodes it uses. Extra tasks only add time: more co-located
 * tasks never speed a job up.
 */
final class Colocation {
  /**
   * The built-in types, copied once: JobType.values() clones its array at every call, and these
   * loops are hot.
   */
  private static final JobType[] BUILT_INS = JobType.values();

  private static final int TYPES = JobType.values().length;

  private final double[][] extraTime;
  private final int[][] tasksByType;

  /**
   * I for a job of {@code type} placed as {@code probe}: the same sum as {@link
   * #communicationFactor(Footprint, JobType)}.
   */
  static double communicationFactor(
      WorldParameters parameters, PlacementProbe probe, JobType type) {
    double worst = 1;
    for (int n = 0; n < probe.nodes(); n++) {
      double factor = 1;
      for (JobType other : BUILT_INS) {
        factor +=
            (1 / parameters.colocatedThroughput(type, other) - 1) * probe.foreignTasks(n, other);
      }
      worst = Math.max(worst, factor);
    }
    return worst;
  }

  /**
   * {@code footprints[i]} of a job of {@code types[i]}, or null for a job that does not train this
   * slot.
   */
  Colocation(WorldParameters parameters, Footprint[] footprints, JobType[] types) {
    extraTime = new double[TYPES][TYPES];
    for (JobType job : JobType.values()) {
      for (JobType other : BUILT_INS) {
        extraTime[job.ordinal()][other.ordinal()] =
            1 / parameters.colocatedThroughput(job, other) - 1;
      }
    }
    int maxNode = -1;
    for (Footprint footprint : footprints) {
      if (footprint != null) {
        maxNode = Math.max(maxNode, footprint.maxNode());
      }
    }
    tasksByType = new int[maxNode + 1][TYPES];
    for (int i = 0; i < footprints.length; i++) {
      Footprint footprint = footprints[i];
      if (footprint == null) {
        continue;
      }
      for (int n = 0; n < footprint.nodes.length; n++) {
        tasksByType[footprint.nodes[n]][types[i].ordinal()] += footprint.tasks(n);
      }
    }
  }

  /**
   * I ≥ 1: the factor on the communication time of a training job of {@code type} placed as {@code
   * footprint}.
   */
  double communicationFactor(Footprint footprint, JobType type) {
    double[] extra = extraTime[type.ordinal()];
    double worst = 1;
    for (int n = 0; n < footprint.nodes.length; n++) {
      int[] tasks = tasksByType[footprint.nodes[n]];
      double factor = 1;
      for (int other = 0; other < TYPES; other++) {
        int foreign = other == type.ordinal() ? tasks[other] - footprint.tasks(n) : tasks[other];
        factor += extra[other] * foreign;
      }
      worst = Math.max(worst, factor);
    }
    return worst;
  }
}
