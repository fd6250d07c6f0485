package dl2.workload;

/**
 * The disjoint seed streams traces are drawn from (dl2-spec §4.6). A trace's generator seed is
 * {@code Rng.derive(baseSeed, set.stream(), agent, index)}: sets differ in their stream number, so
 * no validation or test trace can ever be a training trace, whatever the base seed.
 */
public enum TraceSet {
  /** The fixed validation traces that compare, simulate and training validation use. */
  VALIDATION(1, "val"),
  /** Per-agent training traces; never used for validation or reports. */
  TRAINING(2, "train"),
  /** Held-out test traces, disjoint from both. */
  TEST(3, "test");

  private final long stream;
  private final String prefix;

  TraceSet(long stream, String prefix) {
    this.stream = stream;
    this.prefix = prefix;
  }

  public long stream() {
    return stream;
  }

  /** Trace names look like {@code val-3} or {@code train-a1-42}. */
  public String prefix() {
    return prefix;
  }
}
