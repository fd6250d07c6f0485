package dl2.cli;

import dl2.evaluation.SchedulerCatalog;
import java.util.Iterator;

/**
 * The built-in scheduler names as picocli's completion candidates, so that every {@code
 * --scheduler} help lists the one catalogue ({@code ${COMPLETION-CANDIDATES}}) instead of a copy of
 * it.
 */
final class SchedulerNames implements Iterable<String> {
  /** The help text every {@code --scheduler NAME} option starts with. */
  static final String HELP =
      "One of ${COMPLETION-CANDIDATES} (dl2: the --policy, or the preset's shipped policy), or one of "
          + "your own from --scheduler-jar";

  @Override
  public Iterator<String> iterator() {
    return SchedulerCatalog.NAMES.iterator();
  }
}
