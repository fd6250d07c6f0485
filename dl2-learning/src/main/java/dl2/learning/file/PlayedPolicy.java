package dl2.learning.file;

import dl2.learning.nn.Mlp;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.Policy;
import dl2.learning.policy.ResidualPolicy;
import dl2.learning.state.Observer;
import dl2.slot.Scheduler;
import java.util.function.Function;

/**
 * The policy a network plays under its settings: the network itself, or for a residual policy
 * (docs/residual.md) the network plus the bonus on its base rule's next action.
 */
public final class PlayedPolicy {
  private PlayedPolicy() {}

  /**
   * {@code network} under {@code settings}; a residual's base rule is made by {@code rules} (by
   * name, a fresh instance) and its increments mapped to actions by {@code observer}, the observer
   * the policy's slots are played with.
   */
  public static Policy of(
      PolicySettings settings, Mlp network, Observer observer, Function<String, Scheduler> rules) {
    Policy plain = new NeuralPolicy(network);
    ResidualSettings residual = settings.residual();
    return residual == null
        ? plain
        : new ResidualPolicy(plain, rules.apply(residual.rule()), residual.bonus(), observer);
  }

  /** As {@link #of(PolicySettings, Mlp, Observer, Function)}, the base rule a built-in. */
  public static Policy of(PolicySettings settings, Mlp network, Observer observer) {
    return of(settings, network, observer, ResidualSettings::createRule);
  }
}
