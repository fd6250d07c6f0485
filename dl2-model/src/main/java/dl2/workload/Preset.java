package dl2.workload;

import dl2.model.ClusterSpec;

/**
 * A standard scale (dl2-spec §4.5): the cluster, the per-job task cap C, the policy window J, the
 * slot length, the workload generator and the world its simulations run in.
 *
 * @param name preset name, e.g. {@code paper-large}; {@code -realistic} is appended in the
 *     realistic world
 * @param cluster nodes and per-node capacity
 * @param taskCap C: at most C workers and C parameter servers per job
 * @param window J: jobs the DL2 policy sees
 * @param slotSeconds T: slot length in seconds
 * @param workload the trace generator's settings
 * @param world the exact default world or the calibrated realistic one
 */
public record Preset(
    String name,
    ClusterSpec cluster,
    int taskCap,
    int window,
    int slotSeconds,
    WorkloadConfig workload,
    WorldKind world) {
  private static final String REALISTIC_SUFFIX = "-realistic";

  public Preset {
    if (taskCap < 1) {
      throw new IllegalArgumentException("task cap must be at least 1: " + taskCap);
    }
    if (window < 1) {
      throw new IllegalArgumentException("window must be at least 1: " + window);
    }
    if (slotSeconds < 1) {
      throw new IllegalArgumentException("slot length must be at least 1 s: " + slotSeconds);
    }
    if (world == null) {
      throw new IllegalArgumentException("preset " + name + " has no world");
    }
  }

  /** A preset of the exact default world. */
  public Preset(
      String name,
      ClusterSpec cluster,
      int taskCap,
      int window,
      int slotSeconds,
      WorkloadConfig workload) {
    this(name, cluster, taskCap, window, slotSeconds, workload, WorldKind.DEFAULT);
  }

  public Preset withCluster(ClusterSpec newCluster) {
    return new Preset(name, newCluster, taskCap, window, slotSeconds, workload, world);
  }

  public Preset withWorkload(WorkloadConfig newWorkload) {
    return new Preset(name, cluster, taskCap, window, slotSeconds, newWorkload, world);
  }

  /**
   * The same scale in {@code newWorld}, named after it: {@code paper-dense} becomes {@code
   * paper-dense-realistic} and back, so outputs and shipped policies say which world they belong
   * to.
   */
  public Preset withWorld(WorldKind newWorld) {
    String base =
        name.endsWith(REALISTIC_SUFFIX)
            ? name.substring(0, name.length() - REALISTIC_SUFFIX.length())
            : name;
    String renamed = newWorld == WorldKind.REALISTIC ? base + REALISTIC_SUFFIX : base;
    return new Preset(renamed, cluster, taskCap, window, slotSeconds, workload, newWorld);
  }

  public PaperWorkload generator() {
    return new PaperWorkload(workload);
  }
}
