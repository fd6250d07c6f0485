package dl2.schedulers.placed;

import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobView;
import java.util.ArrayList;
import java.util.List;

/**
 * What one greedy step adds to a job on one node: a worker, a PS, both (the bundle), or, with
 * multi-task steps (docs/heuristics/stronger-greedy.md), any mix of up to k tasks, so that a job
 * whose speed is not concave in its task count (worker–PS locality) can cross a dip that no single
 * task crosses.
 *
 * @param task the single {@link Task} this step is, or null for a larger mix
 */
record TaskStep(int workers, int parameterServers, Task task) {
  static final TaskStep WORKER = new TaskStep(1, 0, Task.WORKER);
  static final TaskStep PS = new TaskStep(0, 1, Task.PS);
  static final TaskStep BUNDLE = new TaskStep(1, 1, Task.BUNDLE);

  static TaskStep of(Task task) {
    return switch (task) {
      case WORKER -> WORKER;
      case PS -> PS;
      case BUNDLE -> BUNDLE;
    };
  }

  /**
   * The steps a greedy values on each node: a worker and a PS, with {@code bundles} both together,
   * and with {@code maxTasks} ≥ 3 every mix of 1 to {@code maxTasks} tasks.
   */
  static List<TaskStep> all(boolean bundles, int maxTasks) {
    List<TaskStep> steps = new ArrayList<>(List.of(WORKER, PS));
    if (bundles || maxTasks >= 2) {
      steps.add(BUNDLE);
    }
    for (int total = 2; total <= maxTasks; total++) {
      for (int w = total; w >= 0; w--) {
        if (!(w == 1 && total - w == 1)) {
          steps.add(new TaskStep(w, total - w, null));
        }
      }
    }
    return List.copyOf(steps);
  }

  int tasks() {
    return workers + parameterServers;
  }

  /** Whether the job's caps leave room for this step. */
  boolean fitsCaps(JobView job) {
    return task != null
        ? job.canTake(task)
        : job.workers() + workers <= job.maxWorkers()
            && job.parameterServers() + parameterServers <= job.maxParameterServers();
  }

  /** The resources the step takes on its node. */
  Resources demand(JobType type) {
    return task != null
        ? type.demand(task)
        : type.demand(Task.WORKER)
            .times(workers)
            .plus(type.demand(Task.PS).times(parameterServers));
  }

  /**
   * Among equal values on one node: a PS, then a worker, then both (the single steps' order), then
   * larger mixes by task count, more workers first.
   */
  int rank() {
    if (task != null) {
      return task == Task.PS ? 0 : task == Task.WORKER ? 1 : 2;
    }
    return 3 + tasks() * 64 - workers;
  }
}
