package dl2.schedulers.solver;

import dl2.slot.JobView;
import dl2.slot.RunBoundary;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Sia-like per-slot optimiser (Jayaram Subramanya et al., SOSP'23), adapted to dl2's PS/worker
 * jobs (docs/heuristics/gavel-and-sia.md). A job's configurations are a GPU type and a power-of-two
 * worker count w up to its cap, with the PS count p ≤ w that trains fastest ({@link SiaConfigs});
 * its goodput there is its epochs per slot ({@link TypeSpeeds}). Each slot {@link SiaIlp} picks at
 * most one configuration per job minimising Σ (G_c / G_min · r_c)^p + λ_n · (jobs left out), with
 * G_min the job's slowest configuration and r_c Pollux's restart factor for any configuration but
 * the one it held last slot, as Sia's code does; {@link TypedPlacement} places the result.
 */
public final class Sia implements Scheduler {
  /** Sia's floor on a normalised goodput, so that a config of no progress has a finite cost. */
  private static final double LEAST_SPEEDUP = 1e-4;

  private record Held(int type, int workers, int restarts) {}

  private final String name;
  private final TypeSpeeds speeds;
  private final SiaConfig config;
  private GpuTypeCapacity capacity;

  /** What each outstanding job held last slot, by id; looked up, never iterated. */
  private Map<Integer, Held> held = new HashMap<>();

  private final RunBoundary runs = new RunBoundary();

  public Sia(String name, TypeSpeeds speeds, SiaConfig config) {
    this.name = name;
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
      held = new HashMap<>();
    }
    speeds.observe(slot);
    List<JobView> jobs = slot.jobs();
    int n = jobs.size();
    List<SiaConfigs> options = new ArrayList<>(n);
    double[][] value = new double[n][];
    int[][] type = new int[n][];
    int[][] gpus = new int[n][];
    int[][] cores = new int[n][];
    for (int m = 0; m < n; m++) {
      JobView job = jobs.get(m);
      SiaConfigs configs = SiaConfigs.of(slot, job, capacity, speeds);
      options.add(configs);
      Held last = held.get(job.id());
      double realloc = reallocFactor(slot.slot() - job.arrivalSlot(), last);
      int count = configs.size();
      value[m] = new double[count];
      type[m] = new int[count];
      gpus[m] = new int[count];
      cores[m] = new int[count];
      for (int c = 0; c < count; c++) {
        boolean same =
            last != null && last.type() == configs.type(c) && last.workers() == configs.workers(c);
        double speedup = configs.goodput(c) / configs.slowestGoodput() * (same ? 1 : realloc);
        double cost = Math.pow(Math.max(speedup, LEAST_SPEEDUP), config.fairness());
        value[m][c] = config.unallocatedPenalty() - cost;
        type[m][c] = configs.type(c);
        gpus[m][c] = GpuTypeCapacity.gpusOf(job.type(), configs.workers(c));
        cores[m][c] =
            GpuTypeCapacity.coresOf(job.type(), configs.parameterServers(c), configs.workers(c));
      }
    }
    int[] chosen = SiaIlp.solve(value, type, gpus, cores, gpuCapacities(), capacity.cores());
    List<TypedAllocation> plan = new ArrayList<>();
    Map<Integer, Held> next = new HashMap<>();
    for (int m = 0; m < n; m++) {
      JobView job = jobs.get(m);
      Held last = held.get(job.id());
      int c = chosen[m];
      if (c < 0) {
        next.put(job.id(), new Held(TypedAllocation.ANY_TYPE, 0, restarts(last)));
        continue;
      }
      SiaConfigs configs = options.get(m);
      boolean changed =
          last != null
              && last.workers() > 0
              && (last.type() != configs.type(c) || last.workers() != configs.workers(c));
      next.put(
          job.id(),
          new Held(configs.type(c), configs.workers(c), restarts(last) + (changed ? 1 : 0)));
      plan.add(
          new TypedAllocation(
              job, configs.type(c), configs.parameterServers(c), configs.workers(c)));
    }
    held = next;
    // Sia places its largest allocations first, so that they find whole nodes; ties by job id.
    plan.sort(
        Comparator.comparingInt((TypedAllocation p) -> -p.workers())
            .thenComparingInt(p -> p.job().id()));
    TypedPlacement.place(slot, capacity, plan);
    speeds.allocated(slot, plan, capacity);
  }

  private static int restarts(Held last) {
    return last == null ? 0 : last.restarts();
  }

  /**
   * Pollux's restart factor as Sia uses it: (age − restarts·penalty) / (age + penalty), at least 0,
   * and 1 for a job younger than one penalty (or never allocated).
   */
  private double reallocFactor(int ageSlots, Held last) {
    double penalty = config.restartPenaltySlots();
    if (last == null || ageSlots < penalty) {
      return 1;
    }
    return Math.max(ageSlots - last.restarts() * penalty, 0) / (ageSlots + penalty);
  }

  private int[] gpuCapacities() {
    int[] gpus = new int[capacity.typeCount()];
    for (int k = 0; k < gpus.length; k++) {
      gpus[k] = capacity.gpus(k);
    }
    return gpus;
  }
}
