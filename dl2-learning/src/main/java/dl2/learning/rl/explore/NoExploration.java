package dl2.learning.rl.explore;

import dl2.learning.state.Observation;
import dl2.model.Rng;

/**
 * Mode {@code none} (dl2-spec §7.10, Project): the sampled action is always kept; c is still
 * counted.
 */
public final class NoExploration extends CountingExploration {
  @Override
  protected int replace(Observation observation, double[] q, int sampledAction, Rng rng) {
    return sampledAction;
  }

  @Override
  ExplorationMode mode() {
    return ExplorationMode.NONE;
  }
}
