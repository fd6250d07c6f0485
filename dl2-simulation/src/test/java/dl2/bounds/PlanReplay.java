package dl2.bounds;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Map;

/**
 * Runs a fixed plan on one node: in slot t each outstanding job holds the (p, w) the plan gives it,
 * none where it gives nothing. A task that does not fit is a plan the simulator cannot run, and
 * throws.
 */
final class PlanReplay implements Scheduler {
  /** The plan: (p, w) of job {@code id} in slot {@code slot}, or null. */
  interface Plan {
    int[] configuration(int id, int slot);
  }

  private final Plan plan;

  PlanReplay(Plan plan) {
    this.plan = plan;
  }

  /** A plan of {@link SlottedMip}: per job index (ids 1..n) and slot, an index into its configs. */
  static PlanReplay of(int[][] indices) {
    return new PlanReplay(
        (id, slot) ->
            slot < indices[id - 1].length && indices[id - 1][slot] >= 0
                ? SlottedMip.CONFIGS[indices[id - 1][slot]]
                : null);
  }

  /** A plan given per slot as a map from job id to (p, w). */
  static PlanReplay of(java.util.List<Map<Integer, int[]>> slots) {
    return new PlanReplay((id, slot) -> slot < slots.size() ? slots.get(slot).get(id) : null);
  }

  @Override
  public String name() {
    return "plan-replay";
  }

  @Override
  public void schedule(SlotContext slot) {
    for (JobView job : slot.jobs()) {
      int[] pw = plan.configuration(job.id(), slot.slot());
      if (pw == null) {
        continue;
      }
      for (int k = 0; k < pw[0]; k++) {
        place(slot, job, Task.PS);
      }
      for (int k = 0; k < pw[1]; k++) {
        place(slot, job, Task.WORKER);
      }
    }
  }

  private static void place(SlotContext slot, JobView job, Task task) {
    if (!slot.tryAddOn(0, job, task)) {
      throw new IllegalStateException(
          "the plan's " + task + " of job " + job.id() + " does not fit in slot " + slot.slot());
    }
  }
}
