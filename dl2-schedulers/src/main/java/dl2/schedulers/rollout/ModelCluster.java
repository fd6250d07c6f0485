package dl2.schedulers.rollout;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.LocalPairs;
import java.util.Arrays;

/**
 * The cluster as {@link RolloutPlanner}'s model sees it during one model slot: per-node cores and
 * GPUs in use, and each job's nodes with its workers and PSs there, placed by {@code fewest-nodes}'
 * rule (dl2.placement.FewestNodes) on the real node capacities. Placement decides only whether a
 * task fits (speeds ignore it in the default world), and fewest-nodes tries every node, so the
 * model fails a task exactly when the real placement does and the base heuristic's first slot in
 * the model is the real one. Jobs are model indices; nothing here reads a live view.
 */
final class ModelCluster {
  private final int coresPerNode;
  private final int gpusPerNode;
  private final int[] usedCores;
  private final int[] usedGpus;

  /** Per job, its nodes in ascending index, and its workers and PSs on each. */
  private final int[][] jobNodes;

  private final int[][] jobWorkers;
  private final int[][] jobPs;
  private final int[] jobNodeCount;

  ModelCluster(int nodes, Resources nodeCapacity, int jobs) {
    this.coresPerNode = nodeCapacity.cores();
    this.gpusPerNode = nodeCapacity.gpus();
    this.usedCores = new int[nodes];
    this.usedGpus = new int[nodes];
    this.jobNodes = new int[jobs][4];
    this.jobWorkers = new int[jobs][4];
    this.jobPs = new int[jobs][4];
    this.jobNodeCount = new int[jobs];
  }

  /** Every node empty, as at the start of a slot. */
  void clear() {
    Arrays.fill(usedCores, 0);
    Arrays.fill(usedGpus, 0);
    Arrays.fill(jobNodeCount, 0);
  }

  /**
   * Places {@code task} of {@code job} by the fewest-nodes rule; false, changing nothing, if no
   * node fits it.
   */
  boolean place(int job, Task task, Resources demand) {
    int node = ownNodeFor(job, task, demand);
    if (node < 0) {
      node = leastLoadedFitting(demand);
    }
    if (node < 0) {
      return false;
    }
    usedCores[node] += demand.cores();
    usedGpus[node] += demand.gpus();
    int i = indexOf(job, node);
    jobWorkers[job][i] += task.workers();
    jobPs[job][i] += task.parameterServers();
    return true;
  }

  int usedCores(int node) {
    return usedCores[node];
  }

  int usedGpus(int node) {
    return usedGpus[node];
  }

  int nodeCount() {
    return usedCores.length;
  }

  /**
   * The job's node that fits and gains most local worker–PS pairs, then holds most of its tasks,
   * then the lowest.
   */
  private int ownNodeFor(int job, Task task, Resources demand) {
    LocalPairs best = new LocalPairs();
    for (int i = 0; i < jobNodeCount[job]; i++) {
      if (fits(jobNodes[job][i], demand)) {
        best.offer(jobNodes[job][i], task, jobWorkers[job][i], jobPs[job][i]);
      }
    }
    return best.node();
  }

  /**
   * The least-loaded node that fits, ties to the lower index (the real rule's head-or-scan, as one
   * scan).
   */
  private int leastLoadedFitting(Resources demand) {
    int best = -1;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node = 0; node < usedCores.length; node++) {
      if (fits(node, demand)) {
        double load =
            (double) usedCores[node] / coresPerNode + (double) usedGpus[node] / gpusPerNode;
        if (load < bestLoad) {
          best = node;
          bestLoad = load;
        }
      }
    }
    return best;
  }

  private boolean fits(int node, Resources demand) {
    return usedCores[node] + demand.cores() <= coresPerNode
        && usedGpus[node] + demand.gpus() <= gpusPerNode;
  }

  /**
   * The position of {@code node} in the job's ascending node list, inserted with no tasks if new.
   */
  private int indexOf(int job, int node) {
    int count = jobNodeCount[job];
    int at = 0;
    while (at < count && jobNodes[job][at] < node) {
      at++;
    }
    if (at < count && jobNodes[job][at] == node) {
      return at;
    }
    if (count == jobNodes[job].length) {
      jobNodes[job] = Arrays.copyOf(jobNodes[job], 2 * count);
      jobWorkers[job] = Arrays.copyOf(jobWorkers[job], 2 * count);
      jobPs[job] = Arrays.copyOf(jobPs[job], 2 * count);
    }
    System.arraycopy(jobNodes[job], at, jobNodes[job], at + 1, count - at);
    System.arraycopy(jobWorkers[job], at, jobWorkers[job], at + 1, count - at);
    System.arraycopy(jobPs[job], at, jobPs[job], at + 1, count - at);
    jobNodes[job][at] = node;
    jobWorkers[job][at] = 0;
    jobPs[job][at] = 0;
    jobNodeCount[job] = count + 1;
    return at;
  }
}
