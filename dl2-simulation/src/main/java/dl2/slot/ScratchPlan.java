package dl2.slot;

import dl2.io.InputException;
import dl2.model.Task;
import java.util.ArrayList;
import java.util.List;

/**
 * What a scheduler would do in a slot, found without touching the slot: the scheduler decides on a
 * scratch copy ({@link TwinSlot}, jobs holding no task yet) and every increment it makes there is
 * recorded in order, with the node it named ({@link Placement#NOWHERE} where it let the slot place
 * the task). Dry runs are refused on the copy, so only a rule that decides from what the cluster
 * observes can be planned this way (the base rule of DL2's residual policy, docs/residual.md).
 */
public final class ScratchPlan {
  /** One increment of the plan: {@code task} for job {@code jobId}, on {@code node}. */
  public record Step(int jobId, Task task, int node) {}

  private ScratchPlan() {}

  /** Whether {@code slot} can be planned on: simulated jobs, none holding a task yet. */
  public static boolean supports(SlotContext slot) {
    return TwinSlot.supports(slot);
  }

  /**
   * The increments {@code rule} makes, in order, deciding on a copy of {@code slot}.
   *
   * @throws InputException if the rule asks a dry run (it is no observation-only rule)
   * @throws IllegalStateException if the slot cannot be copied
   */
  public static List<Step> of(Scheduler rule, SlotContext slot) {
    if (!supports(slot)) {
      throw new IllegalStateException(
          "a residual policy's base rule plans on a copy of a simulated slot from 0/0");
    }
    TwinSlot twin = new TwinSlot(slot);
    List<Step> steps = new ArrayList<>();
    rule.schedule(new Recorder(twin.context(), steps, rule.name()));
    return List.copyOf(steps);
  }

  /** The copy as the rule sees it: increments recorded, dry runs refused. */
  private static final class Recorder extends ForwardingSlot {
    private final List<Step> steps;
    private final String rule;

    Recorder(SlotContext copy, List<Step> steps, String rule) {
      super(copy);
      this.steps = steps;
      this.rule = rule;
    }

    @Override
    public boolean tryAdd(JobView job, Task task) {
      boolean added = slot.tryAdd(job, task);
      if (added) {
        steps.add(new Step(job.id(), task, Placement.NOWHERE));
      }
      return added;
    }

    @Override
    public boolean tryAddOn(int node, JobView job, Task task) {
      boolean added = slot.tryAddOn(node, job, task);
      if (added) {
        steps.add(new Step(job.id(), task, node));
      }
      return added;
    }

    @Override
    public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
      throw new InputException(
          "the residual's base rule "
              + rule
              + " asks the simulator's speed model (a dry run): only a rule that decides from what "
              + "the cluster observes can be the base (e.g. ia-greedy-multistep)");
    }
  }
}
