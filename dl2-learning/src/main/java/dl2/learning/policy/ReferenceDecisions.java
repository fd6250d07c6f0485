package dl2.learning.policy;

import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;

/**
 * The decision loop as plainly as it can be written, the definition that the fast path ({@link
 * SlotDecisions} with a {@link PolicySession}) is tested and benchmarked against: every decision
 * rebuilds the whole window and state ({@link Observer#observe}), asks the policy for q and decodes
 * it.
 */
public final class ReferenceDecisions {
  private final Observer observer;
  private final Policy policy;

  public ReferenceDecisions(Observer observer, Policy policy) {
    this.observer = observer;
    this.policy = policy;
  }

  /** As {@link SlotDecisions#run}, observing afresh at every decision. */
  public int run(ObservedSlot slot, ActionChooser chooser, DecisionListener listener) {
    ActionSpace actions = observer.actions();
    policy.startSlot(slot);
    int kept = 0;
    while (true) {
      Observation observation = observer.observe(slot.jobs(), slot.slot(), null);
      if (!observation.hasTaskAction()) {
        return kept;
      }
      Point point = new Point(observation);
      int action = chooser.choose(point);
      if (action < 0) {
        return kept;
      }
      if (actions.isStop(action)) {
        listener.decided(observation, point.probabilities(), action, true);
        return kept + 1;
      }
      JobView job = observation.columns()[actions.column(action)];
      if (!observer.tryAdd(slot, action, job, observer.nodeFor(action, job))) {
        return kept;
      }
      listener.decided(observation, point.probabilities(), action, false);
      kept++;
    }
  }

  /** One decision: q from the policy, once, and decoded from it. */
  private final class Point implements DecisionPoint {
    private final Observation observation;
    private double[] q;

    Point(Observation observation) {
      this.observation = observation;
    }

    @Override
    public Observation observation() {
      return observation;
    }

    @Override
    public double[] probabilities() {
      if (q == null) {
        q = policy.actionProbabilities(observation);
      }
      return q;
    }

    @Override
    public int greedy() {
      return Decoding.argmax(probabilities());
    }

    @Override
    public int sample(double uniform) {
      return Decoding.sample(probabilities(), uniform);
    }
  }
}
