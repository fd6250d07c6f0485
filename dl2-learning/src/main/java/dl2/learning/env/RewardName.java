package dl2.learning.env;

import java.util.Optional;

/**
 * A reward as policy files, summaries and {@code train-config.json} name it: the mode, then for a
 * marginal reward valued in another unit than work the unit after a slash, e.g. {@code
 * observed-marginals/time-per-task}. Written by {@link #toString()}, read back by {@link #parse}
 * alone.
 *
 * @param mode what a decision is rewarded with
 * @param unit what a marginal reward is valued in (work for the slot rewards)
 */
public record RewardName(RewardMode mode, MarginalValue unit) {
  private static final String SEPARATOR = "/";

  /** The name as recorded: {@code MODE} or {@code MODE/UNIT}. */
  @Override
  public String toString() {
    return mode.perDecision() && unit != MarginalValue.WORK
        ? mode.cliName() + SEPARATOR + unit.cliName()
        : mode.cliName();
  }

  /**
   * The reward a recorded name means; empty for none (a warm-up's file) or one that is not a {@link
   * RewardMode} (the jct objective's). A unit it does not know reads as work, as no unit does.
   */
  public static Optional<RewardName> parse(String recorded) {
    if (recorded == null) {
      return Optional.empty();
    }
    String[] parts = recorded.split(SEPARATOR, 2);
    MarginalValue unit =
        parts.length == 2
            ? MarginalValue.byName(parts[1]).orElse(MarginalValue.WORK)
            : MarginalValue.WORK;
    return RewardMode.byName(parts[0]).map(mode -> new RewardName(mode, unit));
  }

  /**
   * The same reward computed from measurements: an oracle's observed twin, anything else itself.
   */
  public RewardName observed() {
    return new RewardName(mode.observedTwin(), unit);
  }

  /**
   * The reward a live cluster gives a policy trained on this one: its observed marginal rewards, or
   * the slot reward Σ Δ/E for every other mode (online, only measurements count, slot by slot).
   */
  public RewardName online() {
    RewardMode twin = mode.observedTwin();
    return new RewardName(twin.perDecision() ? twin : RewardMode.SLOT, unit);
  }
}
