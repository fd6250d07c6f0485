package dl2.learning.policy;

import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.learning.state.SlotWindow;
import dl2.slot.ObservedSlot;
import dl2.slot.Scheduler;

/**
 * DL2's residual policy (docs/residual.md): the network's logits plus a fixed bonus β on the action
 * an observation-only base rule would take next ({@link RuleGuide}). Adding β to one logit
 * multiplies that action's probability by e^β before renormalising, so the policy is the network's
 * q reweighted: with a large β a fresh network plays the rule's decisions, and training learns the
 * corrections worth more than β.
 */
public final class ResidualPolicy implements Policy {
  private final Policy network;
  private final RuleGuide guide;
  private final double factor;
  private int lastFavoured = -1;

  /**
   * {@code network}'s policy with {@code bonus} added to the logit of {@code rule}'s next action;
   * {@code observer} is the one the policy's slots are observed with (its labels map the rule's
   * increments to actions). The rule must be a fresh instance: it keeps its own memory.
   */
  public ResidualPolicy(Policy network, Scheduler rule, double bonus, Observer observer) {
    this.network = network;
    this.guide = new RuleGuide(rule, observer);
    this.factor = StrictMath.exp(bonus);
  }

  @Override
  public void startSlot(ObservedSlot slot) {
    guide.startSlot(slot);
  }

  /** The rule's next action for {@code observation} (stop once its plan is done). */
  public int favoured(Observation observation) {
    JobViewColumns columns = new JobViewColumns(observation);
    lastFavoured = guide.next(columns::at, columns.size(), observation.mask());
    return lastFavoured;
  }

  int favoured(SlotWindow window) {
    boolean[] mask = window.mask();
    lastFavoured = guide.next(window::column, (mask.length - 1) / 3, mask);
    return lastFavoured;
  }

  /**
   * The action favoured at the last q this policy gave (training stores it with the decision, whose
   * q is always asked before the decision changes the slot); -1 before any.
   */
  public int lastFavoured() {
    return lastFavoured;
  }

  @Override
  public double[] actionProbabilities(Observation observation) {
    return boost(network.actionProbabilities(observation), favoured(observation));
  }

  @Override
  public PolicySession session(SlotWindow window) {
    return new ResidualSession(this, network.session(window), window);
  }

  /** q with the favoured action's probability multiplied by e^β, renormalised: a fresh array. */
  double[] boost(double[] q, int favoured) {
    double[] boosted = q.clone();
    if (favoured < 0 || !(q[favoured] > 0)) {
      return boosted;
    }
    boosted[favoured] *= factor;
    double total = 0;
    for (double p : boosted) {
      total += p;
    }
    for (int a = 0; a < boosted.length; a++) {
      boosted[a] /= total;
    }
    return boosted;
  }

  private record JobViewColumns(Observation observation) {
    dl2.slot.JobView at(int column) {
      return observation.columns()[column];
    }

    int size() {
      return observation.columns().length;
    }
  }
}
