package dl2.schedulers.tetris;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.List;

/**
 * {@link Tetris} as first written, kept as its reference: at every placement it scores every
 * outstanding job. {@code IncrementalBaselinesTest} checks that both decide alike.
 */
public final class PlainTetris implements Scheduler {
  @Override
  public String name() {
    return "tetris";
  }

  @Override
  public void schedule(SlotContext slot) {
    List<JobView> jobs = slot.jobs();
    if (jobs.isEmpty()) {
      return;
    }
    ClusterView cluster = slot.cluster();
    Resources capacity = cluster.nodeCapacity();
    int n = jobs.size();
    double[] coreDemand = new double[n];
    double[] gpuDemand = new double[n];
    double[] work = new double[n];
    double workSum = 0;
    for (int j = 0; j < n; j++) {
      Resources bundle = jobs.get(j).type().demand(Task.BUNDLE);
      coreDemand[j] = (double) bundle.cores() / capacity.cores();
      gpuDemand[j] = (double) bundle.gpus() / capacity.gpus();
      work[j] = (coreDemand[j] + gpuDemand[j]) * Math.max(0, jobs.get(j).remainingFraction());
      workSum += work[j];
    }
    double meanWork = workSum / n;
    for (int node = 0; node < cluster.nodeCount(); node++) {
      fillNode(slot, node, coreDemand, gpuDemand, work, meanWork);
    }
  }

  private static void fillNode(
      SlotContext slot,
      int node,
      double[] coreDemand,
      double[] gpuDemand,
      double[] work,
      double meanWork) {
    List<JobView> jobs = slot.jobs();
    ClusterView cluster = slot.cluster();
    Resources capacity = cluster.nodeCapacity();
    int n = jobs.size();
    double[] align = new double[n];
    while (true) {
      Resources used = cluster.used(node);
      double freeCores = 1 - (double) used.cores() / capacity.cores();
      double freeGpus = 1 - (double) used.gpus() / capacity.gpus();
      double alignSum = 0;
      for (int j = 0; j < n; j++) {
        align[j] = freeCores * coreDemand[j] + freeGpus * gpuDemand[j];
        alignSum += align[j];
      }
      if (alignSum == 0) {
        return; // weight = 0: the node is full for every job.
      }
      double weight = meanWork > 0 ? (alignSum / n) / meanWork : 0;
      int best = bestUncapped(jobs, align, work, weight);
      if (best < 0 || !slot.tryAddOn(node, jobs.get(best), Task.BUNDLE)) {
        return;
      }
    }
  }

  /**
   * Highest score, ties to the lower id (jobs are in id order), skipping jobs at their caps; -1 if
   * none.
   */
  private static int bestUncapped(
      List<JobView> jobs, double[] align, double[] work, double weight) {
    int best = -1;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int j = 0; j < jobs.size(); j++) {
      if (!jobs.get(j).canTake(Task.BUNDLE)) {
        continue;
      }
      double score = align[j] + weight * work[j];
      if (score > bestScore) {
        best = j;
        bestScore = score;
      }
    }
    return best;
  }
}
