package dl2.schedulers.lengths;

import dl2.model.Task;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.OptimusRemaining.RemainingEpochs;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * heSRPT (Berg, Vesilo and Harchol-Balter, "heSRPT: Parallel Scheduling to Minimize Mean Slowdown",
 * and "Optimal Resource Allocation for Elastic and Inelastic Jobs", 2020), adapted to PS/worker
 * jobs: for speedup s(k) = k^p, the flow-time-optimal split gives the job of rank i among m (i = m
 * the smallest remaining size) the share θ_i = (i/m)^c − ((i−1)/m)^c, c = 1/(1−p), of the servers.
 * Here the servers are the cluster's GPUs, a job's share is rounded to bundles (a worker and its
 * matching PS, largest remainders first), sizes are the believed remaining epochs over the job's
 * one-bundle dry-run speed, and what caps or placement leave over is dealt one bundle per job in
 * rank order (docs/job-lengths.md).
 */
public final class HeSrpt implements Scheduler {
  /** p of s(k) = k^p: the concavity heSRPT assumes (a square-root speedup). */
  public static final double SPEEDUP_EXPONENT = 0.5;

  private record Ranked(double size, JobView job) {}

  private static final Comparator<Ranked> SMALLEST_FIRST =
      Comparator.comparingDouble(Ranked::size)
          .thenComparingInt(r -> r.job().arrivalSlot())
          .thenComparingInt(r -> r.job().id());

  private final String name;
  private final double exponent;
  private final RemainingEpochs remaining;

  public HeSrpt() {
    this(LengthSchedulers.HESRPT, SPEEDUP_EXPONENT, OptimusRemaining.ON_THE_ESTIMATE);
  }

  HeSrpt(String name, double exponent, RemainingEpochs remaining) {
    if (!(exponent > 0 && exponent < 1)) {
      throw new IllegalArgumentException("heSRPT needs 0 < p < 1: " + exponent);
    }
    this.name = name;
    this.exponent = exponent;
    this.remaining = remaining;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void schedule(SlotContext slot) {
    List<Ranked> ranked = new ArrayList<>();
    for (JobView job : slot.jobs()) {
      double rate = slot.dryRunEpochsPerSlot(job, 1, 1);
      double left = Math.max(0, remaining.of(job));
      ranked.add(new Ranked(rate > 0 ? left / rate : Double.MAX_VALUE, job));
    }
    ranked.sort(SMALLEST_FIRST);
    int[] bundles = shares(ranked.size(), slot.cluster().spec().totalGpus(), exponent);
    List<JobView> order = ranked.stream().map(Ranked::job).toList();
    for (int r = 0; r < order.size(); r++) {
      JobView job = order.get(r);
      while (job.workers() < bundles[r] && job.canTake(Task.BUNDLE)) {
        if (!slot.tryAdd(job, Task.BUNDLE)) {
          break;
        }
      }
    }
    List<JobView> open = new ArrayList<>(order);
    while (!open.isEmpty()) {
      List<JobView> next = new ArrayList<>();
      for (JobView job : open) {
        if (job.canTake(Task.BUNDLE) && slot.tryAdd(job, Task.BUNDLE)) {
          next.add(job);
        }
      }
      open = next;
    }
  }

  /**
   * Bundles per job, smallest first, out of {@code servers}: θ of rank m − r (r = 0 the smallest)
   * times the servers, floored, the rest to the largest remainders (the smaller job on a tie).
   */
  public static int[] shares(int jobs, int servers, double exponent) {
    int[] bundles = new int[jobs];
    if (jobs == 0) {
      return bundles;
    }
    double c = 1 / (1 - exponent);
    double[] exact = new double[jobs];
    int given = 0;
    for (int r = 0; r < jobs; r++) {
      int i = jobs - r; // heSRPT's index: m for the smallest
      double theta = Math.pow((double) i / jobs, c) - Math.pow((double) (i - 1) / jobs, c);
      exact[r] = theta * servers;
      bundles[r] = (int) Math.floor(exact[r] + 1e-9);
      given += bundles[r];
    }
    List<Integer> byRemainder = new ArrayList<>();
    for (int r = 0; r < jobs; r++) {
      byRemainder.add(r);
    }
    byRemainder.sort(
        Comparator.<Integer>comparingDouble(r -> -(exact[r] - bundles[r]))
            .thenComparingInt(r -> r));
    for (int k = 0; k < byRemainder.size() && given < servers; k++) {
      bundles[byRemainder.get(k)]++;
      given++;
    }
    return bundles;
  }
}
