package dl2.simulation;

/**
 * The trace did not finish within the configured slot limit (a starving policy, a zero-speed
 * table).
 */
public class SimulationLimitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SimulationLimitException(String message) {
    super(message);
  }

  /** A trace that did not finish within {@code maxSlots} slots. */
  static SimulationLimitException unfinished(
      String traceName, int maxSlots, int completed, int jobs) {
    return new SimulationLimitException(
        "trace "
            + traceName
            + " did not finish within "
            + maxSlots
            + " slots ("
            + completed
            + " of "
            + jobs
            + " jobs completed)");
  }

  /**
   * The stop of a run whose scheduler left {@code waiting} jobs without training for {@link
   * Simulator#IDLE_SLOT_LIMIT} slots.
   */
  public static SimulationLimitException idle(String traceName, int waiting, int slotNumber) {
    return new SimulationLimitException(
        "trace "
            + traceName
            + " stopped at slot "
            + slotNumber
            + ": "
            + waiting
            + " jobs waited "
            + Simulator.IDLE_SLOT_LIMIT
            + " slots in a row without the scheduler letting any of them train");
  }
}
