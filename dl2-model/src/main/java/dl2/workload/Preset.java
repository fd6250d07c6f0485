package dl2.workload;

import dl2.model.ClusterSpec;

/**
 * A standard scale (dl2-spec §4.5): the cluster, the per-job task cap C, the policy window J,
 * the slot length and the workload generator.
 *
 * @param name preset name, e.g. {@code paper-large}
 * @param cluster nodes and per-node capacity
 * @param taskCap C: at most C workers and C parameter servers per job
 * @param window J: jobs the DL2 policy sees
 * @param slotSeconds T: slot length in seconds
 * @param workload the trace generator's settings
 */
public record Preset(String name, ClusterSpec cluster, int taskCap, int window, int slotSeconds, WorkloadConfig workload) {
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
  }

  public Preset withCluster(ClusterSpec newCluster) {
    return new Preset(name, newCluster, taskCap, window, slotSeconds, workload);
  }

  public Preset withWorkload(WorkloadConfig newWorkload) {
    return new Preset(name, cluster, taskCap, window, slotSeconds, newWorkload);
  }

  public PaperWorkload generator() {
    return new PaperWorkload(workload);
  }
}
