package dl2.cli;

import dl2.io.InputException;
import dl2.learning.file.ResidualSettings;
import picocli.CommandLine.Option;

/** The residual policy's base rule and bonus (docs/residual.md), for train-sl. */
final class ResidualOptions {
  @Option(
      names = "--residual",
      paramLabel = "RULE",
      description =
          "Make a residual policy: the network's logits plus a bonus on the action this "
              + "observation-only built-in (e.g. ia-greedy-multistep) would take next; slots "
              + "start from 0/0 (docs/residual.md).")
  String rule;

  @Option(
      names = "--residual-bonus",
      paramLabel = "B",
      description = "The bonus β on the base rule's logit (default: 6; 0..50).")
  Double bonus;

  /** The residual asked for, or null; a bad rule or bonus is a one-line error. */
  ResidualSettings settings() {
    if (rule == null) {
      if (bonus != null) {
        throw new InputException("--residual-bonus needs --residual RULE");
      }
      return null;
    }
    double beta = bonus == null ? ResidualSettings.DEFAULT_BONUS : bonus;
    String refusal = ResidualSettings.refusal(rule);
    if (refusal != null) {
      throw new InputException("--residual: " + refusal);
    }
    if (!(beta >= 0) || beta > ResidualSettings.MAX_BONUS) {
      throw new InputException(
          "--residual-bonus must be a number in [0, "
              + (int) ResidualSettings.MAX_BONUS
              + "]: "
              + beta);
    }
    return new ResidualSettings(rule, beta);
  }
}
