package dl2.schedulers.solver;

/**
 * Keeps ojAlgo from printing its hardware-profile notice on standard output when it first loads on
 * a machine it has no profile for: dl2's outputs (compare's tables, {@code --json}) must carry only
 * dl2's own lines. ojAlgo reads the property {@code shut.up.ojAlgo} once, in its first use.
 */
final class QuietSolver {
  private static final String PROPERTY = "shut.up.ojAlgo";

  private QuietSolver() {}

  /** Sets the property unless the user set it; call before the first model is built. */
  static void ensure() {
    if (System.getProperty(PROPERTY) == null) {
      System.setProperty(PROPERTY, "true");
    }
  }
}
