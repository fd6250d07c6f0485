package dl2.simulation.world;

import dl2.slot.PlacedJob;
import java.util.Arrays;

/**
 * Where one job's tasks are this slot: its distinct nodes, ascending, with its workers and PSs on
 * each.
 */
final class Footprint {
  final int[] nodes;
  final int[] workers;
  final int[] parameterServers;

  private Footprint(int[] nodes, int[] workers, int[] parameterServers) {
    this.nodes = nodes;
    this.workers = workers;
    this.parameterServers = parameterServers;
  }

  static Footprint of(PlacedJob job) {
    int[] workerNodes = new int[job.workers()];
    for (int i = 0; i < workerNodes.length; i++) {
      workerNodes[i] = job.workerNode(i);
    }
    int[] psNodes = new int[job.parameterServers()];
    for (int i = 0; i < psNodes.length; i++) {
      psNodes[i] = job.psNode(i);
    }
    Arrays.sort(workerNodes);
    Arrays.sort(psNodes);
    int[] nodes = new int[workerNodes.length + psNodes.length];
    int[] workers = new int[nodes.length];
    int[] ps = new int[nodes.length];
    int count = 0;
    int w = 0;
    int p = 0;
    while (w < workerNodes.length || p < psNodes.length) {
      int node =
          p == psNodes.length || (w < workerNodes.length && workerNodes[w] <= psNodes[p])
              ? workerNodes[w]
              : psNodes[p];
      nodes[count] = node;
      while (w < workerNodes.length && workerNodes[w] == node) {
        workers[count]++;
        w++;
      }
      while (p < psNodes.length && psNodes[p] == node) {
        ps[count]++;
        p++;
      }
      count++;
    }
    return new Footprint(
        Arrays.copyOf(nodes, count), Arrays.copyOf(workers, count), Arrays.copyOf(ps, count));
  }

  /** Tasks of this job on its {@code i}-th node. */
  int tasks(int i) {
    return workers[i] + parameterServers[i];
  }

  /**
   * L: the fraction of (worker, PS) pairs whose two tasks share a node; 0 without a worker or a PS.
   */
  double localPairFraction() {
    long local = 0;
    long totalWorkers = 0;
    long totalPs = 0;
    for (int i = 0; i < nodes.length; i++) {
      local += (long) workers[i] * parameterServers[i];
      totalWorkers += workers[i];
      totalPs += parameterServers[i];
    }
    return totalWorkers == 0 || totalPs == 0
        ? 0
        : (double) local / ((double) totalWorkers * totalPs);
  }

  int maxNode() {
    return nodes.length == 0 ? -1 : nodes[nodes.length - 1];
  }
}
