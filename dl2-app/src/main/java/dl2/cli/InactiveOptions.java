package dl2.cli;

import java.util.List;

/**
 * A command that drops options of its mixins which would do nothing there (e.g. {@code --threads}
 * where nothing runs in parallel), so that its help lists, and its parser accepts, only options
 * that act. {@link Dl2#commandLine} removes them before parsing.
 */
interface InactiveOptions {
  /** Names of the mixins' options this command leaves out, e.g. {@code --threads}. */
  List<String> inactiveOptions();
}
