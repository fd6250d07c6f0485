package dl2.learning.rl;

import dl2.learning.file.ResidualSettings;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;

/**
 * A residual policy's base rule as an agent plays it (docs/residual.md): one instance across the
 * agent's weight updates, renewed at each episode, as compare makes a fresh rule for each trace.
 */
final class EpisodeRule implements Scheduler {
  private Scheduler current;

  /** A fresh instance of {@code rule} for the episode that starts. */
  void renew(String rule) {
    current = ResidualSettings.createRule(rule);
  }

  @Override
  public String name() {
    return current.name();
  }

  @Override
  public void schedule(SlotContext slot) {
    current.schedule(slot);
  }
}
