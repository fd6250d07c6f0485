package dl2.run;

import dl2.io.InputException;

/**
 * Whether the cluster emulator (module dl2-emulator, with fabric8's mock API server) is on the
 * class path. The controller's image leaves it out, so there the emulator's commands say so in one
 * line instead of failing on a missing class.
 */
public final class EmulatorInstalled {
  private static final String PROBE = "dl2.emulator.MockCluster";

  private EmulatorInstalled() {}

  /** Refuses {@code command} when the emulator is not installed. */
  public static void require(String command) {
    try {
      Class.forName(PROBE, false, EmulatorInstalled.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new InputException(
          command
              + " needs the cluster emulator, which this installation leaves out (the "
              + "controller's image ships without the mock API server); run it from a dl2 checkout with ./dl2 "
              + command);
    }
  }
}
