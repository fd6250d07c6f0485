package dl2.schedulers;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.simulation.ClusterView;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.List;

/**
 * Tetris (dl2-spec §6.4): visit nodes in index order; at each, give a bundle to the job with the
 * best alignment-plus-weighted-work score until that job's bundle fails there. A failure only
 * moves on to the next node; it never ends the slot.
 */
public final class Tetris implements Scheduler {
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
      work[j] = (coreDemand[j] + gpuDemand[j]) * jobs.get(j).remainingFraction();
      workSum += work[j];
    }
    double meanWork = workSum / n;
    if (meanWork <= 0) {
      return; // Project guard: no weight can be formed; every node would be left at once.
    }
    for (int node = 0; node < cluster.nodeCount(); node++) {
      fillNode(slot, node, coreDemand, gpuDemand, work, meanWork);
    }
  }

  private static void fillNode(SlotContext slot, int node, double[] coreDemand, double[] gpuDemand,
      double[] work, double meanWork) {
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
      double weight = (alignSum / n) / meanWork;
      if (weight == 0) {
        return;
      }
      int best = bestUncapped(jobs, align, work, weight, slot.taskCap());
      if (best < 0 || !slot.tryAddOn(node, jobs.get(best), Task.BUNDLE)) {
        return;
      }
    }
  }

  /** Highest score, ties to the lower id (jobs are in id order), skipping jobs at the cap; -1 if none. */
  private static int bestUncapped(List<JobView> jobs, double[] align, double[] work, double weight, int cap) {
    int best = -1;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int j = 0; j < jobs.size(); j++) {
      if (jobs.get(j).workers() >= cap) {
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
