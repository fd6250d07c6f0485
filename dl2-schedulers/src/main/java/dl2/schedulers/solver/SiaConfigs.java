package dl2.schedulers.solver;

import dl2.slot.JobView;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;

/**
 * One job's configurations for the Sia-like optimiser: per GPU type (one "any type" for a job whose
 * workers use no GPU), each power-of-two worker count w up to its caps, with the PS count p ≤ w
 * that trains fastest (ties to fewer); a count that trains no faster than a smaller one on the same
 * type is left out, since it only takes more. Sia's own set is powers of two on one node and whole
 * nodes beyond; powers of two keep the ILP small (docs/heuristics/gavel-and-sia.md).
 */
final class SiaConfigs {
  private final List<int[]> configs = new ArrayList<>(); // type, p, w
  private final List<Double> goodputs = new ArrayList<>();
  private double slowest = Double.POSITIVE_INFINITY;

  private SiaConfigs() {}

  static SiaConfigs of(SlotContext slot, JobView job, GpuTypeCapacity capacity, TypeSpeeds speeds) {
    SiaConfigs configs = new SiaConfigs();
    int maxWorkers = Math.min(slot.taskCap(), job.maxWorkers());
    int maxPs = Math.min(slot.taskCap(), job.maxParameterServers());
    boolean anyType = GpuTypeCapacity.gpusOf(job.type(), 1) == 0;
    int types = anyType ? 1 : capacity.typeCount();
    int[] bestPs = new int[maxWorkers + 1];
    for (int w = 1; w <= maxWorkers; w *= 2) {
      double best = Double.NEGATIVE_INFINITY;
      for (int p = 1; p <= Math.min(w, maxPs); p++) {
        double speed = speeds.epochsPerSlot(slot, job, capacity.type(0), p, w);
        if (speed > best) {
          best = speed;
          bestPs[w] = p;
        }
      }
    }
    for (int k = 0; k < types; k++) {
      double fastest = Double.NEGATIVE_INFINITY;
      for (int w = 1; w <= maxWorkers; w *= 2) {
        double goodput = speeds.epochsPerSlot(slot, job, capacity.type(k), bestPs[w], w);
        configs.slowest = Math.min(configs.slowest, goodput);
        if (goodput <= fastest) {
          continue;
        }
        fastest = goodput;
        configs.configs.add(new int[] {anyType ? TypedAllocation.ANY_TYPE : k, bestPs[w], w});
        configs.goodputs.add(goodput);
      }
    }
    return configs;
  }

  int size() {
    return configs.size();
  }

  /** The GPU type index of configuration {@code c}, or {@link TypedAllocation#ANY_TYPE}. */
  int type(int c) {
    return configs.get(c)[0];
  }

  int parameterServers(int c) {
    return configs.get(c)[1];
  }

  int workers(int c) {
    return configs.get(c)[2];
  }

  /** Epochs per slot at configuration {@code c}. */
  double goodput(int c) {
    return goodputs.get(c);
  }

  /** G_min: the job's goodput at its slowest configuration (one worker on its slowest type). */
  double slowestGoodput() {
    return slowest;
  }
}
