package dl2.simulation;

import dl2.io.InputException;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.speed.SpeedModel;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace's limits, checked before it is simulated: every job must be able to finish within the
 * simulator's slot limit at least when alone at twice its type's fastest modelled speed, from its
 * arrival slot. A job of 10^308 epochs, or one arriving after the limit, is a one-line input error
 * at once instead of a run to the slot limit (or a scheduler busy for minutes on it).
 */
public final class TraceLimits {
  /**
   * Speed noise (below 1) and the realistic world's placement effects can make a job faster than
   * the speed model; the check allows for up to twice as fast, so it never refuses a trace that
   * could finish.
   */
  static final double SPEED_SLACK = 2;

  private TraceLimits() {}

  public static void check(Trace trace, SimulationConfig config, SpeedModel speed) {
    Map<JobType, Double> fastest = new TreeMap<>();
    for (JobSpec job : trace.jobs()) {
      if (job.epochs() > JobSpec.MAX_EPOCHS || job.realEpochs() > JobSpec.MAX_EPOCHS) {
        throw new InputException(
            "trace "
                + trace.name()
                + ": job "
                + job.id()
                + " has more than the input limit of "
                + (long) JobSpec.MAX_EPOCHS
                + " epochs");
      }
      double rate = fastest.computeIfAbsent(job.type(), t -> fastest(t, config, speed));
      double slots = job.arrivalSlot() + Math.ceil(job.realEpochs() / rate);
      if (slots > config.maxSlots()) {
        throw new InputException(
            String.format(
                Locale.ROOT,
                "trace %s: job %d (%s, %s epochs, arriving in slot %d) cannot "
                    + "finish within the simulator's limit of %d slots even alone at twice its fastest speed (%s epochs per slot)",
                trace.name(),
                job.id(),
                job.type().modelName(),
                number(job.realEpochs()),
                job.arrivalSlot(),
                config.maxSlots(),
                number(rate)));
      }
    }
  }

  private static String number(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : new java.math.BigDecimal(value, new java.math.MathContext(6))
            .stripTrailingZeros()
            .toPlainString();
  }

  /** Epochs per slot at the type's best (p, w), with the slack. */
  private static double fastest(JobType type, SimulationConfig config, SpeedModel speed) {
    try {
      return speed.bestEpochsPerSlot(type, config.taskCap(), config.slotSeconds()) * SPEED_SLACK;
    } catch (IllegalArgumentException e) {
      throw new InputException("the speed model: " + e.getMessage());
    }
  }
}
