package dl2.cli;

import dl2.io.InputException;
import dl2.learning.onpolicy.Objective;
import dl2.training.OnPolicySettings;
import picocli.CommandLine.Option;

/** {@code train}'s objective, and the jct objective's rollouts, curriculum and clipped update. */
final class OnPolicyOptions {
  @Option(names = "--objective", defaultValue = "marginal", converter = OnPolicyOptions.Objectives.class,
      completionCandidates = OnPolicyOptions.Objectives.class,
      description = "${COMPLETION-CANDIDATES}: marginal (actor-critic with replay on --reward, the shipped recipe) or jct "
          + "(on-policy: K rollouts of a trace per step, reward minus the jobs outstanding, input-dependent baseline, "
          + "clipped updates; --steps counts iterations) (default: ${DEFAULT-VALUE}).")
  Objective objective;

  @Option(names = "--rollouts", defaultValue = "8", description = "With --objective jct: rollouts of the same trace per "
      + "iteration, whose mean return is the baseline (default: ${DEFAULT-VALUE}).")
  int rollouts;

  @Option(names = "--horizon", defaultValue = "1000", description = "With --objective jct: the first iterations' episode "
      + "length in slots (default: ${DEFAULT-VALUE}).")
  int horizon;

  @Option(names = "--horizon-growth", defaultValue = "0", description = "With --objective jct: slots the episodes grow by "
      + "per iteration, a curriculum (default: ${DEFAULT-VALUE}).")
  int horizonGrowth;

  @Option(names = "--clip", defaultValue = "0.2", description = "With --objective jct: PPO's ε (default: ${DEFAULT-VALUE}).")
  double clip;

  @Option(names = "--epochs", defaultValue = "2", description = "With --objective jct: passes over an iteration's samples "
      + "(default: ${DEFAULT-VALUE}).")
  int epochs;

  @Option(names = "--samples", defaultValue = "16384", description = "With --objective jct: decisions an iteration learns "
      + "from, drawn from its rollouts' (default: ${DEFAULT-VALUE}).")
  int samples;

  /** The jct objective's settings, checked. */
  OnPolicySettings settings() {
    if (rollouts < 2 || horizon < 1 || horizonGrowth < 0 || !(clip > 0) || clip >= 1 || epochs < 1 || samples < 1) {
      throw new InputException("--rollouts must be at least 2, --horizon, --epochs and --samples at least 1, "
          + "--horizon-growth at least 0 and --clip in (0, 1)");
    }
    return new OnPolicySettings(rollouts, horizon, horizonGrowth, clip, epochs, OnPolicySettings.DEFAULTS.minibatch(), samples);
  }

  static final class Objectives extends EnumOption<Objective> {
    Objectives() {
      super(Objective.values(), EnumOption::dashed);
    }
  }
}
