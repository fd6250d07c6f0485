package dl2.learning.state;

import dl2.model.Task;

/**
 * The 3J+1 actions (dl2-spec §7.2): 3i adds a worker to column i, 3i+1 a PS, 3i+2 a bundle, and 3J
 * stops the slot.
 */
public record ActionSpace(int window) {
  private static final Task[] TASKS = {Task.WORKER, Task.PS, Task.BUNDLE};

  public ActionSpace {
    if (window < 1) {
      throw new IllegalArgumentException("window must be at least 1: " + window);
    }
  }

  public int size() {
    return 3 * window + 1;
  }

  public int stop() {
    return 3 * window;
  }

  public boolean isStop(int action) {
    return action == stop();
  }

  public int column(int action) {
    return action / 3;
  }

  public Task task(int action) {
    return TASKS[action % 3];
  }

  public int action(int column, Task task) {
    return 3 * column + task.ordinal();
  }
}
