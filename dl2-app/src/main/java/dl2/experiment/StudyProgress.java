package dl2.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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

  /**
   * {@code work} done on each of {@code items} in order, as a phase {@code name} of one step per
   * item; its results in order.
   */
  default <T, R> List<R> each(String name, List<T> items, Function<T, R> work) {
    phase(name, items.size());
    List<R> results = new ArrayList<>();
    for (T item : items) {
      results.add(work.apply(item));
      stepTo(results.size());
    }
    endPhase();
    return results;
  }
}
