package dl2.schedulers.solver;

import dl2.slot.JobView;
import dl2.slot.RunBoundary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gavel's round-based mechanism (OSDI'20, §5): each slot, every (job, type) pair with a time
 * fraction X > 0 gets the priority X divided by the share of its slots the job has run on that type
 * so far (X·10⁹ before it has run there, as Gavel ranks never-served pairs first); pairs are taken
 * in falling priority, ties by job id then type index, each job at most once and only while its
 * GPUs fit in what is left of the type and its cores in the cluster. Over many slots each job's
 * share of slots on each type tends to X. Shares reset when a new run starts.
 */
final class GavelRounding {
  /** Time fractions below this are the solver's rounding, not an allocation. */
  private static final double LEAST_FRACTION = 1e-6;

  /** The priority of a pair never served yet, per unit of X. */
  private static final double NEVER_SERVED = 1e9;

  private record Pair(int job, int type, double priority, int id) {}

  private static final Comparator<Pair> ORDER =
      Comparator.comparingDouble((Pair p) -> -p.priority())
          .thenComparingInt(Pair::id)
          .thenComparingInt(Pair::type);

  /** Per outstanding job id: slots run on each type, then slots seen; looked up, never iterated. */
  private Map<Integer, int[]> history = new HashMap<>();

  private final RunBoundary runs = new RunBoundary();

  /**
   * The jobs to run this slot (as rows of {@code x}), each on one type, in the order taken; and
   * what they were given is remembered for the next slot's priorities.
   */
  List<TypedAllocation> round(
      int slot,
      List<JobView> jobs,
      double[][] x,
      int[] ps,
      int[] workers,
      int[] gpus,
      int[] cores,
      boolean[] anyType,
      GpuTypeCapacity capacity) {
    if (runs.startsNewRun(slot)) {
      history = new HashMap<>();
    }
    int types = capacity.typeCount();
    List<Pair> pairs = new ArrayList<>();
    for (int m = 0; m < jobs.size(); m++) {
      int[] seen = history.getOrDefault(jobs.get(m).id(), new int[types + 1]);
      for (int k = 0; k < types; k++) {
        if (x[m][k] > LEAST_FRACTION) {
          double share = seen[types] == 0 ? 0 : (double) seen[k] / seen[types];
          double priority = share == 0 ? x[m][k] * NEVER_SERVED : x[m][k] / share;
          pairs.add(new Pair(m, k, priority, jobs.get(m).id()));
        }
      }
    }
    pairs.sort(ORDER);
    int[] freeGpus = new int[types];
    for (int k = 0; k < types; k++) {
      freeGpus[k] = capacity.gpus(k);
    }
    int freeCores = capacity.cores();
    int[] chosen = new int[jobs.size()];
    java.util.Arrays.fill(chosen, -1);
    List<TypedAllocation> plan = new ArrayList<>();
    for (Pair pair : pairs) {
      int m = pair.job();
      if (chosen[m] >= 0 || gpus[m] > freeGpus[pair.type()] || cores[m] > freeCores) {
        continue;
      }
      chosen[m] = pair.type();
      freeGpus[pair.type()] -= gpus[m];
      freeCores -= cores[m];
      int type = anyType[m] ? TypedAllocation.ANY_TYPE : pair.type();
      plan.add(new TypedAllocation(jobs.get(m), type, ps[m], workers[m]));
    }
    Map<Integer, int[]> next = new HashMap<>();
    for (int m = 0; m < jobs.size(); m++) {
      int[] seen = history.getOrDefault(jobs.get(m).id(), new int[types + 1]).clone();
      seen[types]++;
      if (chosen[m] >= 0) {
        seen[chosen[m]]++;
      }
      next.put(jobs.get(m).id(), seen);
    }
    history = next;
    return plan;
  }
}
