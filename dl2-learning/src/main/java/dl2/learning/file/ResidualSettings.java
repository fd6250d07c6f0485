package dl2.learning.file;

import dl2.registry.Trait;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.Scheduler;
import java.util.Locale;

/**
 * A residual policy's base (docs/residual.md): the observation-only rule whose next action gets the
 * bonus β on its logit. Stored in the policy file's settings.
 *
 * @param rule a built-in scheduler that neither reads the simulator's world nor is an oracle
 * @param bonus β, added to the logit of the rule's next action
 */
public record ResidualSettings(String rule, double bonus) {
  /** β when none is given: the rule's action at about 0.9 against ~50 near-equal others. */
  public static final double DEFAULT_BONUS = 6;

  /** The largest β: e^β stays far from overflow. */
  public static final double MAX_BONUS = 50;

  /** Every field is checked; a bad one is an IllegalArgumentException naming it in plain words. */
  public ResidualSettings {
    if (!(bonus >= 0) || bonus > MAX_BONUS) {
      throw new IllegalArgumentException(
          "the residual bonus must be a number in [0, " + (int) MAX_BONUS + "], got " + bonus);
    }
    String refusal = refusal(rule);
    if (refusal != null) {
      throw new IllegalArgumentException(refusal);
    }
  }

  /**
   * Why {@code rule} cannot be a residual's base, in one line, or null if it can: it must be a
   * built-in that decides from what a cluster observes.
   */
  public static String refusal(String rule) {
    if (rule == null || Schedulers.BUILT_IN.find(rule).isEmpty()) {
      return "the residual's base rule must be a built-in scheduler (e.g. "
          + Schedulers.IA_GREEDY_MULTISTEP
          + "), got "
          + rule;
    }
    if (Schedulers.BUILT_IN.is(rule, Trait.ORACLE)
        || Schedulers.BUILT_IN.is(rule, Trait.NEEDS_SIMULATOR)
        || rule.toLowerCase(Locale.ROOT).endsWith("-oracle")) {
      return "the residual's base rule "
          + rule
          + " reads the simulator's world (an oracle): DL2 learns from observations only";
    }
    return null;
  }

  /**
   * A fresh instance of built-in {@code rule} with its defaults (it keeps its own memory of what it
   * measured); compare makes it from its own catalogue, with the preset's length prior.
   */
  public static Scheduler createRule(String rule) {
    return Schedulers.baseline(rule);
  }

  /** For messages, e.g. {@code residual on ia-greedy-multistep (β 6)}. */
  public String describe() {
    return "residual on " + rule + " (β " + bonus + ")";
  }
}
