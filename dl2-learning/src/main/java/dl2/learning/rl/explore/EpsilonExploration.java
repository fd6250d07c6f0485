package dl2.learning.rl.explore;

import dl2.learning.state.Observation;
import dl2.model.Rng;
import dl2.slot.JobView;

/**
 * Mode {@code paper} (dl2-spec §7.10): with probability ε, the sampled action is replaced by the
 * fix for a poor job: workers but no PS → add a PS; PSs but no worker → add a worker; w/u or u/w
 * above 10 → add the scarcer task.
 *
 * <p>A job qualifies when it is poor and the mask allows its fix; the first qualifying column wins,
 * so a poor job at its cap does not hide a later one. A job with neither task is not poor. The ε
 * draw ({@code rng.nextDouble() < ε}) happens only when some job qualifies; nothing is drawn per
 * slot.
 */
public final class EpsilonExploration extends CountingExploration {
  private final ExplorationSettings settings;

  public EpsilonExploration(ExplorationSettings settings) {
    this.settings = settings;
  }

  @Override
  protected int replace(Observation observation, double[] q, int sampledAction, Rng rng) {
    int fix = firstQualifyingFix(observation);
    if (fix < 0 || rng.nextDouble() >= settings.epsilon()) {
      return sampledAction;
    }
    return fix;
  }

  @Override
  ExplorationMode mode() {
    return ExplorationMode.PAPER;
  }

  private int firstQualifyingFix(Observation observation) {
    JobView[] columns = observation.columns();
    for (int col = 0; col < columns.length; col++) {
      if (columns[col] != null) {
        int offset = fixOffset(columns[col].workers(), columns[col].parameterServers());
        if (offset >= 0 && observation.mask()[3 * col + offset]) {
          return 3 * col + offset;
        }
      }
    }
    return -1;
  }

  /** The fix for a job with w workers and u PSs as an action offset (0 worker, 1 PS), or -1. */
  private int fixOffset(int w, int u) {
    boolean psScarce = w > 0 && (u == 0 || (double) w / u > settings.poorRatio());
    boolean workerScarce = u > 0 && (w == 0 || (double) u / w > settings.poorRatio());
    if (psScarce) {
      return 1;
    }
    return workerScarce ? 0 : -1;
  }
}
