package dl2.learning.state;

/** Told how a {@link SlotWindow} changed, so that a policy can redo only the columns that did. */
public interface WindowListener {
  /** A new slot's window: every column may differ. */
  void reset();

  /** Column {@code column} holds a new job or its job's features changed (it may now be empty). */
  void changed(int column);

  /**
   * Column {@code column}'s job left the window: later columns moved one to the left, the last is
   * empty.
   */
  void removed(int column);

  /** The window's global features changed (only encodings with global features say so). */
  default void globalsChanged() {}
}
