package dl2.simulation.world;

import dl2.model.Resources;

/**
 * The largest fraction L of a job's (worker, PS) pairs that can share a node, over every placement
 * of w workers and p PSs on nodes of one capacity: what bounds the realistic world's placement
 * speed-up (π ≥ 1 − (1 − λ)·L). The most pairs Σ_n w_n·p_n come from a knapsack over the (workers,
 * PSs) one node can hold, the count of nodes left unlimited (so L is never too small).
 */
public final class LocalPairKnapsack {
  private final int[][] mostPairs; // [w][p]

  /**
   * For a job whose workers and PSs need {@code worker} and {@code ps}, on nodes of {@code node},
   * up to the given counts.
   */
  public LocalPairKnapsack(
      Resources node, Resources worker, Resources ps, int maxWorkers, int maxPs) {
    mostPairs = new int[maxWorkers + 1][maxPs + 1];
    for (int w = 1; w <= maxWorkers; w++) {
      for (int p = 1; p <= maxPs; p++) {
        int best = 0;
        for (int a = 1; a <= w && fits(node, worker, a, ps, 1); a++) {
          for (int b = 1; b <= p && fits(node, worker, a, ps, b); b++) {
            best = Math.max(best, a * b + mostPairs[w - a][p - b]);
          }
        }
        mostPairs[w][p] = best;
      }
    }
  }

  private static boolean fits(
      Resources node, Resources worker, int workers, Resources ps, int parameterServers) {
    return workers * worker.cores() + parameterServers * ps.cores() <= node.cores()
        && workers * worker.gpus() + parameterServers * ps.gpus() <= node.gpus();
  }

  /**
   * L at most, for {@code numPs} ≥ 1 PSs and {@code numWorkers} ≥ 1 workers, in the arithmetic of
   * {@link Footprint}.
   */
  public double maxFraction(int numPs, int numWorkers) {
    return (double) mostPairs[numWorkers][numPs] / ((double) numWorkers * numPs);
  }
}
