package dl2.bounds;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.world.ExactWorld;
import dl2.simulation.world.WorldRun;
import dl2.speed.SpeedModel;
import java.util.Map;
import java.util.TreeMap;

/**
 * The no-contention lower bound on average JCT: every job alone on an unlimited cluster, at its
 * type's fastest configuration (p, w ≤ cap) from its arrival slot, so JCT = E* / best epochs per
 * slot. In the default world no scheduler can beat it (speed noise aside); on uncontended presets
 * Optimus with a perfect speed model sits on it. {@link CapacityBound} is at least as high there
 * and holds in every world.
 */
public final class NoContentionBound {
  private NoContentionBound() {}

  /** The bound's average JCT of {@code trace}, in slots, summed in id order. */
  public static double averageJct(Trace trace, SpeedModel speed, int taskCap, int slotSeconds) {
    Map<JobType, Double> best = new TreeMap<>();
    double sum = 0;
    for (JobSpec job : trace.jobs()) {
      double rate =
          best.computeIfAbsent(job.type(), t -> speed.bestEpochsPerSlot(t, taskCap, slotSeconds));
      sum += job.realEpochs() / rate;
    }
    return sum / trace.size();
  }

  /**
   * The bound of {@code trace} simulated with {@code config}, {@code speed} and simulator seed
   * {@code seed}.
   */
  public static double averageJct(
      Trace trace, SimulationConfig config, SpeedModel speed, long seed) {
    if (config.world() == ExactWorld.INSTANCE) {
      return averageJct(trace, speed, config.taskCap(), config.slotSeconds());
    }
    return averageJct(
        trace, config.world().start(speed, config.slotSeconds(), 0, seed), config.taskCap());
  }

  /**
   * The bound in a world whose jobs differ (the realistic world): each job at the best (p, w ≤ cap)
   * of its own isolated curve, as {@code world}'s dry runs give it. Placement and fluctuation can
   * make a job run faster than its isolated curve, so there this is a reference, not a strict
   * bound.
   */
  public static double averageJct(Trace trace, WorldRun world, int taskCap) {
    double sum = 0;
    for (JobSpec job : trace.jobs()) {
      double best = 0;
      for (int p = 1; p <= taskCap; p++) {
        for (int w = 1; w <= taskCap; w++) {
          best = Math.max(best, world.dryRunEpochsPerSlot(job.id(), job.type(), p, w));
        }
      }
      sum += job.realEpochs() / best;
    }
    return sum / trace.size();
  }
}
