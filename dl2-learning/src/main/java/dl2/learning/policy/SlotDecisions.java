package dl2.learning.policy;

import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.learning.state.SlotWindow;
import dl2.model.Rng;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;

/**
 * DL2's decision loop within one slot (dl2-spec §7.3): observe, pick an action from the masked
 * policy, and apply it, until the policy stops, an allocation fails, or nothing can be added. The
 * window is kept across the slot's decisions ({@link SlotWindow}) and the policy follows it
 * through a {@link PolicySession}.
 */
public final class SlotDecisions {
  private final ActionSpace actions;
  private final Observer observer;
  private final SlotWindow window;
  private final PolicySession session;

  public SlotDecisions(Observer observer, Policy policy) {
    this.actions = observer.actions();
    this.observer = observer;
    this.window = new SlotWindow(observer);
    this.session = policy.session(window);
    window.listen(session);
  }

  /** Runs the loop with an observation for every decision; returns the number of decisions kept (stops included). */
  public int run(ObservedSlot slot, ActionChooser chooser, DecisionListener listener) {
    window.begin(slot.jobs(), slot.slot());
    int kept = 0;
    while (window.hasTaskAction()) {
      Observation observation = window.observation();
      double[] q = session.probabilities();
      int action = chooser.choose(observation, q);
      if (action < 0) {
        return kept;
      }
      if (actions.isStop(action)) {
        listener.decided(observation, q, action, true);
        return kept + 1;
      }
      if (!apply(slot, action)) {
        return kept;
      }
      listener.decided(observation, q, action, false);
      kept++;
    }
    return kept;
  }

  /** Runs the loop for inference: no observations, and greedy decoding needs no probabilities. */
  public void run(ObservedSlot slot, Decoding decoding, Rng rng) {
    window.begin(slot.jobs(), slot.slot());
    while (window.hasTaskAction()) {
      int action = decoding == Decoding.GREEDY ? session.greedy() : session.sample(rng.nextDouble());
      if (action < 0 || actions.isStop(action) || !apply(slot, action)) {
        return;
      }
    }
  }

  private boolean apply(ObservedSlot slot, int action) {
    int column = actions.column(action);
    JobView job = window.column(column);
    // the placed encoding's action names the kind of node; the slot's own checks still decide
    int node = observer.isPlaced() ? window.nodeFor(action) : Placement.NOWHERE;
    boolean added = observer.isPlaced()
        ? slot.tryAddOn(node, job, actions.task(action))
        : slot.tryAdd(job, actions.task(action));
    if (!added) {
      return false;
    }
    window.allocated(column, node);
    return true;
  }
}
