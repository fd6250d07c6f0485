package dl2.learning.policy;

import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;

/**
 * The decision loop as plainly as it can be written, the definition that the fast path ({@link
 * SlotDecisions} with a {@link PolicySession}) is tested and benchmarked against: every decision
 * rebuilds the whole window and state ({@link Observer#observe}), asks the policy for q and
 * decodes it.
 */
public final class ReferenceDecisions {
  private final Observer observer;
  private final Policy policy;

  public ReferenceDecisions(Observer observer, Policy policy) {
    this.observer = observer;
    this.policy = policy;
  }

  public void run(ObservedSlot slot, Decoding decoding, Rng rng) {
    ActionSpace actions = observer.actions();
    while (true) {
      Observation observation = observer.observe(slot.jobs(), slot.slot(), null);
      if (!observation.hasTaskAction()) {
        return;
      }
      int action = decoding.choose(policy.actionProbabilities(observation), rng);
      if (action < 0 || actions.isStop(action)) {
        return;
      }
      JobView job = observation.columns()[actions.column(action)];
      boolean added = observer.isPlaced()
          ? slot.tryAddOn(observer.nodeFor(action, job), job, actions.task(action))
          : slot.tryAdd(job, actions.task(action));
      if (!added) {
        return;
      }
    }
  }
}
