package dl2.speed;

import dl2.model.JobType;

/**
 * The placement-dependent analytical speed model used to train OfflineRL (dl2-spec §3.4): each
 * worker's step time is its local compute plus the slower of pushing and pulling its 1/P share of
 * the model over the inter-node link (shared by the job's remote tasks) and over the intra-node
 * link (shared by the co-located tasks); the job runs at W batches per slowest step. No noise.
 *
 * <p>The simulator gives speed models only the task counts, not where the tasks run, so the {@link
 * SpeedModel} view evaluates the spread placement, every task on its own node (what least-loaded
 * placement gives on a lightly loaded cluster); {@link #stepSeconds} takes any placement.
 */
public final class AnalyticalSpeed implements SpeedModel {
  public static final AnalyticalSpeed INSTANCE = new AnalyticalSpeed();

  private AnalyticalSpeed() {}

  /**
   * The slowest worker's step time in seconds for the placement {@code psPerNode[n]}, {@code
   * workersPerNode[n]} (equal lengths, at least one PS and one worker in total).
   */
  public static double stepSeconds(JobType type, int[] psPerNode, int[] workersPerNode) {
    if (psPerNode.length != workersPerNode.length) {
      throw new IllegalArgumentException("placement arrays differ in length");
    }
    int totalPs = 0;
    int totalWorkers = 0;
    int fewestWorkersOnPsNode = Integer.MAX_VALUE;
    for (int n = 0; n < psPerNode.length; n++) {
      totalPs += psPerNode[n];
      totalWorkers += workersPerNode[n];
      if (psPerNode[n] > 0) {
        fewestWorkersOnPsNode = Math.min(fewestWorkersOnPsNode, workersPerNode[n]);
      }
    }
    if (totalPs < 1 || totalWorkers < 1) {
      throw new IllegalArgumentException("a placement needs at least one PS and one worker");
    }
    double share = 2 * (type.modelMb() / totalPs);
    double inter = type.interNodeMbPerSecond();
    double slowest = 0;
    for (int n = 0; n < psPerNode.length; n++) {
      if (workersPerNode[n] == 0) {
        continue;
      }
      double intra = type.intraNodeMbPerSecond() / Math.max(psPerNode[n], workersPerNode[n]);
      double workerLink;
      double psLink;
      if (psPerNode[n] == totalPs) {
        workerLink = inter;
        psLink = inter;
      } else {
        workerLink = inter / (totalPs - psPerNode[n]);
        psLink = inter / (totalWorkers - fewestWorkersOnPsNode);
      }
      double step =
          type.localComputeSeconds()
              + Math.max(share / Math.min(workerLink, psLink), share / intra);
      slowest = Math.max(slowest, step);
    }
    return slowest;
  }

  /**
   * W batches per slowest step at the spread placement: each of the p PSs and w workers on its own
   * node.
   */
  @Override
  public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    int[] ps = new int[numPs + numWorkers];
    int[] workers = new int[numPs + numWorkers];
    for (int n = 0; n < numPs; n++) {
      ps[n] = 1;
    }
    for (int n = numPs; n < ps.length; n++) {
      workers[n] = 1;
    }
    return numWorkers / stepSeconds(type, ps, workers);
  }

  @Override
  public String name() {
    return "analytical";
  }
}
