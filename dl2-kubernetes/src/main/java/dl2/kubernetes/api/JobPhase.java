package dl2.kubernetes.api;

/** The phases of a DL2Job's {@code status.phase}. */
public enum JobPhase {
  /** Admitted, waiting for tasks. */
  Pending,
  /** Holds at least one task this slot. */
  Running,
  /** Training finished; its pods are gone. */
  Completed,
  /** The spec cannot be scheduled; see the {@code Valid} condition. */
  Invalid;

  public boolean terminal() {
    return this == Completed || this == Invalid;
  }
}
