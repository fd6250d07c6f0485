package dl2.learning.rl;

import static dl2.learning.rl.LiveLikeRuns.LIVE_LIKE;
import static dl2.learning.rl.LiveLikeRuns.PRESET;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RewardMode;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.state.StateEncoding;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The placement-crediting reward needs nothing a live cluster lacks: a placed policy trains on it,
 * and fine-tunes online with it, on clusters that answer no dry run and have no oracle.
 */
class PlacedRewardObservationTest {
  @TempDir Path dir;

  private static PolicySettings placed() {
    return PolicySettings.defaults(PRESET)
        .withHidden(8, 1)
        .withWindow(6)
        .withEncoding(StateEncoding.PLACED, true)
        .withNetwork(PolicyNetwork.SHARED_COLUMNS);
  }

  @Test
  void aPlacedPolicyTrainsOnItWithNoDryRunAndNoOracle() {
    List<RlPoint> curve =
        new RlTrainer(
                LiveLikeRuns.tinyRun(RewardMode.OBSERVED_PLACED_MARGINALS),
                RlListener.NONE,
                LIVE_LIKE,
                RunPlacement.SLOT)
            .run(placed(), Optional.empty(), dir);
    assertThat(curve).extracting(RlPoint::step).containsExactly(3L, 6L);
    TrainingInfo info = PolicyFile.load(dir.resolve("best.policy")).training();
    assertThat(info.reward()).isEqualTo("observed-placed-marginals");
    assertThat(info.usesOracle()).isFalse();
  }

  @Test
  void onlineFineTuningKeepsTheRewardFedFromThePolicysOwnSlots() {
    OnlineTuner tuner = LiveLikeRuns.tuner(placed(), "observed-placed-marginals");
    assertThat(tuner.rewardMode()).isEqualTo(RewardMode.OBSERVED_PLACED_MARGINALS);
    LiveLikeRuns.runThirtySlots(tuner);
    assertThat(tuner.steps()).isPositive();
  }
}
