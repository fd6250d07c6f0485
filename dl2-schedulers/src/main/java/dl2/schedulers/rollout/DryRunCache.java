package dl2.schedulers.rollout;

import dl2.slot.JobView;
import dl2.slot.SlotContext;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dry-run epochs per slot of the outstanding jobs, asked of the slot once per (job, PSs, workers)
 * and kept while the job is outstanding: {@link RolloutPlanner}'s model asks the same few
 * configurations thousands of times a slot. In the simulator's default world a dry run is a fixed
 * function of the job and its counts, so the cache changes no answer; with speed noise it keeps the
 * first draw.
 */
final class DryRunCache {
  /** Per job id, its table of (PSs, workers) over 1..cap + 1; looked up by id, never iterated. */
  private Map<Integer, double[]> byId = new HashMap<>();

  private SlotContext slot;
  private List<JobView> jobs;
  private double[][] tables;
  private int[] strides;

  /**
   * The slot's outstanding jobs become model jobs 0..n−1 in this order; jobs no longer outstanding
   * are forgotten.
   */
  void startSlot(SlotContext slot, List<JobView> jobs) {
    this.slot = slot;
    this.jobs = jobs;
    Map<Integer, double[]> kept = new HashMap<>();
    tables = new double[jobs.size()][];
    strides = new int[jobs.size()];
    for (int j = 0; j < jobs.size(); j++) {
      JobView job = jobs.get(j);
      strides[j] = job.maxWorkers() + 2;
      double[] table = byId.get(job.id());
      if (table == null) {
        table = new double[(job.maxParameterServers() + 2) * strides[j]];
        Arrays.fill(table, Double.NaN);
      }
      kept.put(job.id(), table);
      tables[j] = table;
    }
    byId = kept;
  }

  /**
   * Epochs per slot of model job {@code job} with {@code ps} PSs and {@code workers} workers (each
   * ≤ its cap + 1).
   */
  double epochsPerSlot(int job, int ps, int workers) {
    int at = ps * strides[job] + workers;
    double rate = tables[job][at];
    if (Double.isNaN(rate)) {
      rate = ps < 1 || workers < 1 ? 0 : slot.dryRunEpochsPerSlot(jobs.get(job), ps, workers);
      tables[job][at] = rate;
    }
    return rate;
  }
}
