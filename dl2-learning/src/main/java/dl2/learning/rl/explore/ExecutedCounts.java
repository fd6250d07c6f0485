package dl2.learning.rl.explore;

import dl2.model.Task;

/**
 * c = (c_worker, c_PS, c_bundle): the executed non-stop actions of an episode by type (dl2-spec
 * §7.10), counted before the allocation, so failed allocations count too.
 */
public record ExecutedCounts(long workers, long parameterServers, long bundles) {
  public static final ExecutedCounts ZERO = new ExecutedCounts(0, 0, 0);

  public long of(Task task) {
    return switch (task) {
      case WORKER -> workers;
      case PS -> parameterServers;
      case BUNDLE -> bundles;
    };
  }

  public long total() {
    return workers + parameterServers + bundles;
  }

  /** These counts with one more action of this type. */
  public ExecutedCounts plus(Task task) {
    return switch (task) {
      case WORKER -> new ExecutedCounts(workers + 1, parameterServers, bundles);
      case PS -> new ExecutedCounts(workers, parameterServers + 1, bundles);
      case BUNDLE -> new ExecutedCounts(workers, parameterServers, bundles + 1);
    };
  }

  /** The type with the fewest executions; ties go to worker, then PS, then bundle (argmin). */
  public Task rarest() {
    Task rarest = Task.WORKER;
    for (Task task : Task.values()) {
      if (of(task) < of(rarest)) {
        rarest = task;
      }
    }
    return rarest;
  }
}
