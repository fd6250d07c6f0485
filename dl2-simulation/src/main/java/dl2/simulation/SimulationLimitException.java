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
}
