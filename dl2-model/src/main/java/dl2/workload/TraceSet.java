package dl2.workload;

import dl2.model.SeedStream;

/**
 * The disjoint seed streams traces are drawn from (dl2-spec §4.6). A trace's generator seed is
 * {@code Rng.derive(baseSeed, set.seedStream(), agent, index)}: sets differ in their stream, so no
 * validation or test trace can ever be a training trace, whatever the base seed.
 */
public enum TraceSet {
  /** The fixed validation traces that compare, simulate and training validation use. */
  VALIDATION(SeedStream.VALIDATION_TRACES, "val"),
  /** Per-agent training traces; never used for validation or reports. */
  TRAINING(SeedStream.TRAINING_TRACES, "train"),
  /** Held-out test traces, disjoint from both. */
  TEST(SeedStream.TEST_TRACES, "test");

  private final SeedStream stream;
  private final String prefix;

  TraceSet(SeedStream stream, String prefix) {
    this.stream = stream;
    this.prefix = prefix;
  }

  /** The stream the set's generator seeds come from. */
  public SeedStream seedStream() {
    return stream;
  }

  /** Trace names look like {@code val-3} or {@code train-a1-42}. */
  public String prefix() {
    return prefix;
  }
}
