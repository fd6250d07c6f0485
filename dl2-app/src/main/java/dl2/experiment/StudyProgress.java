package dl2.experiment;

/** Progress of a study's long phases, e.g. for a progress bar; never part of the results. */
public interface StudyProgress {
  StudyProgress NONE = new StudyProgress() {};

  /** A new phase of {@code total} steps starts. */
  default void phase(String name, long total) {}

  default void stepTo(long done) {}

  /** The current metric, e.g. the latest validation JCT. */
  default void message(String text) {}

  /** The current phase is over. */
  default void endPhase() {}
}
