package dl2.cli;

import dl2.io.InputException;
import dl2.learning.rl.Jct;
import picocli.CommandLine.Option;

/** The jct objective's rollouts, curriculum and clipped update: the "JCT objective" section. */
final class OnPolicyOptions {
  @Option(
      names = "--rollouts",
      paramLabel = "K",
      description =
          "Rollouts of the same trace per iteration, whose mean return "
              + "is the baseline (default: ${DEFAULT-VALUE}).")
  int rollouts;

  @Option(
      names = "--horizon",
      paramLabel = "SLOTS",
      description =
          "The first iterations' episode length in slots (default: " + "${DEFAULT-VALUE}).")
  int horizon;

  @Option(
      names = "--horizon-growth",
      paramLabel = "SLOTS",
      description =
          "Slots the episodes grow by per iteration, a "
              + "curriculum (default: ${DEFAULT-VALUE}).")
  int horizonGrowth;

  @Option(
      names = "--clip",
      paramLabel = "EPSILON",
      description = "PPO's ε (default: ${DEFAULT-VALUE}).")
  double clip;

  @Option(
      names = "--epochs",
      paramLabel = "N",
      description = "Passes over an iteration's samples (default: ${DEFAULT-VALUE}).")
  int epochs;

  @Option(
      names = "--samples",
      paramLabel = "N",
      description =
          "Decisions an iteration learns from, drawn from its rollouts' "
              + "(default: ${DEFAULT-VALUE}).")
  int samples;

  /**
   * The jct objective's knobs with the run's learning rate and entropy; what the objective refuses
   * is refused here first.
   */
  Jct jct(double learningRate, double entropy) {
    if (rollouts < 2
        || horizon < 1
        || horizonGrowth < 0
        || !(clip > 0)
        || clip >= 1
        || epochs < 1
        || samples < 1) {
      throw new InputException(
          "--rollouts must be at least 2, --horizon, --epochs and --samples at least 1, "
              + "--horizon-growth at least 0 and --clip in (0, 1): --rollouts "
              + rollouts
              + " --horizon "
              + horizon
              + " --epochs "
              + epochs
              + " --samples "
              + samples
              + " --horizon-growth "
              + horizonGrowth
              + " --clip "
              + clip);
    }
    return new Jct(
        learningRate,
        entropy,
        rollouts,
        horizon,
        horizonGrowth,
        clip,
        epochs,
        Jct.MINIBATCH,
        samples);
  }
}
