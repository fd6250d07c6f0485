package dl2.schedulers.solver;

import dl2.slot.JobView;
import dl2.slot.RunBoundary;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.List;

/**
 * Gavel's heterogeneity-aware policies (Narayanan et al., OSDI'20), adapted to dl2's PS/worker jobs
 * (docs/heuristics/gavel-and-sia.md): every job runs at one fixed configuration ({@link
 * GavelConfig}), whose throughput T[m][k] on GPU type k is its epochs per slot there ({@link
 * TypeSpeeds}); each slot {@link GavelLp} solves for time fractions X and {@link GavelRounding}
 * turns them into the slot's allocation, which {@link TypedPlacement} places. A job whose workers
 * use no GPU has one column, "any type".
 */
public final class Gavel implements Scheduler {
  /** The objective of the LP. */
  public enum Policy {
    /**
     * Max-min fairness over normalised throughput: a[m][k] = w_m·T[m][k] / T_eq(m), where T_eq is
     * the throughput of an equal time share of every GPU (Σ_k T[m][k]·G_k / G), times the scale w.
     */
    MAX_MIN_FAIRNESS,
    /**
     * Gavel's minimum total duration (the makespan of the jobs present): a[m][k] = T[m][k] / R_m
     * with R_m the epochs left, so that z is the reciprocal of the time the last job needs.
     */
    MIN_TOTAL_DURATION
  }

  private final String name;
  private final Policy policy;
  private final TypeSpeeds speeds;
  private final GavelConfig config;
  private final GavelRounding rounding = new GavelRounding();
  private final RunBoundary runs = new RunBoundary();
  private final GavelLp.Memo lastSolve = new GavelLp.Memo();
  private GpuTypeCapacity capacity;

  public Gavel(String name, Policy policy, TypeSpeeds speeds, GavelConfig config) {
    this.name = name;
    this.policy = policy;
    this.speeds = speeds;
    this.config = config;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean placesItsOwnTasks() {
    return true;
  }

  @Override
  public void schedule(SlotContext slot) {
    if (runs.startsNewRun(slot.slot()) || capacity == null) {
      capacity = GpuTypeCapacity.of(slot.cluster().spec());
    }
    speeds.observe(slot);
    List<JobView> jobs = slot.jobs();
    int n = jobs.size();
    int types = capacity.typeCount();
    double[][] a = new double[n][types];
    int[] ps = new int[n];
    int[] workers = new int[n];
    int[] gpus = new int[n];
    int[] cores = new int[n];
    boolean[] anyType = new boolean[n];
    for (int m = 0; m < n; m++) {
      JobView job = jobs.get(m);
      workers[m] = Math.min(config.workers(), Math.min(job.maxWorkers(), slot.taskCap()));
      ps[m] =
          Math.min(config.parameterServers(), Math.min(job.maxParameterServers(), slot.taskCap()));
      gpus[m] = GpuTypeCapacity.gpusOf(job.type(), workers[m]);
      cores[m] = GpuTypeCapacity.coresOf(job.type(), ps[m], workers[m]);
      anyType[m] = gpus[m] == 0;
      double[] throughput = new double[types];
      double equalShare = 0;
      for (int k = 0; k < types; k++) {
        throughput[k] =
            anyType[m] && k > 0
                ? Double.NaN
                : speeds.epochsPerSlot(slot, job, capacity.type(k), ps[m], workers[m]);
        equalShare +=
            anyType[m] ? 0 : throughput[k] * capacity.gpus(k) / (double) capacity.totalGpus();
      }
      if (anyType[m]) {
        equalShare = throughput[0];
      }
      for (int k = 0; k < types; k++) {
        a[m][k] = coefficient(job, throughput[k], equalShare, workers[m]);
      }
    }
    double[][] x = lastSolve.solve(a, gpus, cores, gpuCapacities(), capacity.cores());
    List<TypedAllocation> plan =
        rounding.round(slot.slot(), jobs, x, ps, workers, gpus, cores, anyType, capacity);
    TypedPlacement.place(slot, capacity, plan);
    speeds.allocated(slot, plan, capacity);
  }

  private double coefficient(JobView job, double throughput, double equalShare, int scale) {
    if (Double.isNaN(throughput)) {
      return Double.NaN;
    }
    return switch (policy) {
      case MAX_MIN_FAIRNESS -> equalShare > 0 ? scale * throughput / equalShare : 0;
      case MIN_TOTAL_DURATION ->
          throughput / Math.max(job.epochs() - job.progress(), Double.MIN_NORMAL);
    };
  }

  private int[] gpuCapacities() {
    int[] gpus = new int[capacity.typeCount()];
    for (int k = 0; k < gpus.length; k++) {
      gpus[k] = capacity.gpus(k);
    }
    return gpus;
  }
}
