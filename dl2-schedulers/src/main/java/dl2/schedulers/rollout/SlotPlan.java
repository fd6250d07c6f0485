package dl2.schedulers.rollout;

import dl2.model.Task;
import java.util.Arrays;

/**
 * The tasks of one slot in the order a rule adds them: (model job, worker or PS) pairs; equal plans
 * play alike.
 */
final class SlotPlan {
  private int[] jobs = new int[32];
  private Task[] roles = new Task[32];
  private int size;

  void add(int job, Task role) {
    if (size == jobs.length) {
      jobs = Arrays.copyOf(jobs, 2 * size);
      roles = Arrays.copyOf(roles, 2 * size);
    }
    jobs[size] = job;
    roles[size] = role;
    size++;
  }

  int size() {
    return size;
  }

  int job(int i) {
    return jobs[i];
  }

  Task role(int i) {
    return roles[i];
  }

  boolean sameAs(SlotPlan other) {
    return size == other.size
        && Arrays.equals(jobs, 0, size, other.jobs, 0, size)
        && Arrays.equals(roles, 0, size, other.roles, 0, size);
  }
}
