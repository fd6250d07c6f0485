package dl2.learning;

import dl2.simulation.JobView;
import dl2.simulation.ObservedSlot;

/**
 * DL2's decision loop within one slot (dl2-spec §7.3): observe, pick an action from the masked
 * policy, and apply it, until the policy stops, an allocation fails, or nothing can be added.
 */
public final class SlotDecisions {
  private final Observer observer;
  private final Policy policy;

  public SlotDecisions(Observer observer, Policy policy) {
    this.observer = observer;
    this.policy = policy;
  }

  /** Runs the loop; returns the number of decisions kept (stops included). */
  public int run(ObservedSlot slot, ActionChooser chooser, DecisionListener listener) {
    ActionSpace actions = observer.actions();
    int kept = 0;
    while (true) {
      Observation observation = observer.observe(slot.jobs(), slot.slot(), null);
      if (!observation.hasTaskAction()) {
        return kept;
      }
      double[] q = policy.actionProbabilities(observation);
      int action = chooser.choose(observation, q);
      if (action < 0) {
        return kept;
      }
      if (actions.isStop(action)) {
        listener.decided(observation, q, action, true);
        return kept + 1;
      }
      JobView job = observation.columns()[actions.column(action)];
      if (!slot.tryAdd(job, actions.task(action))) {
        return kept;
      }
      listener.decided(observation, q, action, false);
      kept++;
    }
  }
}
