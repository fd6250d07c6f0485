package dl2.learning.policy;

import dl2.io.InputException;
import dl2.learning.state.Observer;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.ScratchPlan;
import dl2.slot.SlotContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The action a base rule would take next in a DL2 slot (docs/residual.md): once per slot the rule
 * plans on a scratch copy of the slot from 0/0 ({@link ScratchPlan}); at each decision the next
 * action is the first planned increment the slot does not hold yet (counted per job and task, so a
 * policy that deviates finds the rest of the plan still ahead), as the action that labels it for a
 * teacher ({@link Observer#label}); planned increments no action can give now are passed over, and
 * once none is left the rule's action is stop.
 */
final class RuleGuide {
  private final Scheduler rule;
  private final Observer observer;
  private List<ScratchPlan.Step> plan = List.of();
  private ObservedSlot slot;

  /** Each outstanding job by id, looked up, never iterated. */
  private final Map<Integer, JobView> jobs = new HashMap<>();

  private final Map<Integer, int[]> planned = new HashMap<>();

  RuleGuide(Scheduler rule, Observer observer) {
    this.rule = rule;
    this.observer = observer;
  }

  String ruleName() {
    return rule.name();
  }

  /** Plans the slot, before its first decision. */
  void startSlot(ObservedSlot observed) {
    if (!(observed instanceof SlotContext context) || !ScratchPlan.supports(context)) {
      throw new InputException(
          "a residual policy runs only on simulated slots that start from 0/0 (its base rule "
              + rule.name()
              + " plans on a copy of the slot)");
    }
    slot = observed;
    plan = ScratchPlan.of(rule, context);
    jobs.clear();
    for (JobView job : observed.jobs()) {
      jobs.put(job.id(), job);
    }
  }

  /**
   * The rule's next action in the window whose column {@code c} holds {@code columns.apply(c)}
   * ({@code window} columns), among the actions {@code mask} allows; stop when the plan is done.
   */
  int next(IntFunction<JobView> columns, int window, boolean[] mask) {
    planned.clear();
    int stop = mask.length - 1;
    for (ScratchPlan.Step step : plan) {
      JobView job = jobs.get(step.jobId());
      int[] counts = planned.computeIfAbsent(step.jobId(), id -> new int[2]);
      boolean worker = step.task() != Task.PS;
      boolean ps = step.task() != Task.WORKER;
      counts[0] += worker ? 1 : 0;
      counts[1] += ps ? 1 : 0;
      boolean held =
          (!worker || job.workers() >= counts[0]) && (!ps || job.parameterServers() >= counts[1]);
      if (held) {
        continue;
      }
      int action = action(step, job, columns, window);
      if (action >= 0 && mask[action]) {
        return action;
      }
    }
    return stop;
  }

  private int action(ScratchPlan.Step step, JobView job, IntFunction<JobView> columns, int window) {
    int column = -1;
    for (int c = 0; c < window; c++) {
      JobView at = columns.apply(c);
      if (at != null && at.id() == job.id()) {
        column = c;
        break;
      }
    }
    int node =
        step.node() == Placement.NOWHERE
            ? observer.teacherNode(job, step.task(), slot)
            : step.node();
    return observer.label(column, job, step.task(), node);
  }
}
