package dl2.schedulers.lengths;

import dl2.schedulers.OptimusRemaining;
import dl2.slot.OracleLengths;
import dl2.slot.Scheduler;

/**
 * The length-oracle reference {@code optimus-remaining-oracle}: {@code optimus-remaining} on every
 * job's true remaining epochs, which no real cluster knows. A reference row of compare under
 * estimated or unknown lengths, never its best heuristic.
 */
public final class OptimusRemainingOracle {
  private OptimusRemainingOracle() {}

  public static Scheduler create() {
    return new OptimusRemaining(
        OptimusRemaining.SHIPPED,
        LengthSchedulers.OPTIMUS_REMAINING_ORACLE,
        job -> OracleLengths.trueEpochs(job) - job.progress());
  }
}
