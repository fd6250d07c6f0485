package dl2.learning.policy;

import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.learning.state.SlotWindow;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;

/**
 * DL2's decision loop within one slot (dl2-spec §7.3): observe, pick an action from the masked
 * policy, and apply it, until the policy stops, an allocation fails, or nothing can be added. The
 * window is kept across the slot's decisions ({@link SlotWindow}) and the policy follows it through
 * a {@link PolicySession}; an observation is built only for a chooser or a listener that reads it.
 */
public final class SlotDecisions {
  private final ActionSpace actions;
  private final Observer observer;
  private final SlotWindow window;
  private final Policy policy;
  private final PolicySession session;
  private final Point point = new Point();

  public SlotDecisions(Observer observer, Policy policy) {
    this.actions = observer.actions();
    this.observer = observer;
    this.window = observer.keptWindow();
    this.policy = policy;
    this.session = policy.session(window);
    window.listen(session);
  }

  /**
   * Runs the loop, each action picked by {@code chooser} and each kept decision told to {@code
   * listener}; returns how many were kept (stops included).
   */
  public int run(ObservedSlot slot, ActionChooser chooser, DecisionListener listener) {
    policy.startSlot(slot);
    window.begin(slot.jobs(), slot.slot());
    boolean heard = listener != DecisionListener.NONE;
    int kept = 0;
    while (window.hasTaskAction()) {
      point.next();
      int action = chooser.choose(point);
      if (action < 0) {
        return kept;
      }
      if (heard) {
        point.observation(); // before the action changes the window
        point.probabilities();
      }
      if (actions.isStop(action)) {
        listener.decided(point.observation, point.q, action, true);
        return kept + 1;
      }
      if (!apply(slot, action)) {
        return kept;
      }
      listener.decided(point.observation, point.q, action, false);
      kept++;
    }
    return kept;
  }

  private boolean apply(ObservedSlot slot, int action) {
    int column = actions.column(action);
    JobView job = window.column(column);
    // an action that names the kind of node goes there; the slot's own checks still decide
    int node = window.nodeFor(action);
    if (!observer.tryAdd(slot, action, job, node)) {
      return false;
    }
    window.allocated(column, node);
    return true;
  }

  /**
   * The decision at hand on the kept window: its observation and q are built once, when first
   * asked.
   */
  private final class Point implements DecisionPoint {
    private Observation observation;
    private double[] q;

    void next() {
      observation = null;
      q = null;
    }

    @Override
    public Observation observation() {
      if (observation == null) {
        observation = window.observation();
      }
      return observation;
    }

    @Override
    public double[] probabilities() {
      if (q == null) {
        q = session.probabilities();
      }
      return q;
    }

    @Override
    public int greedy() {
      return session.greedy();
    }

    @Override
    public int sample(double uniform) {
      return session.sample(uniform);
    }
  }
}
