package dl2.learning.rl;

import static dl2.learning.rl.LiveLikeRuns.LIVE_LIKE;
import static dl2.learning.rl.LiveLikeRuns.PRESET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * DL2 trains and fine-tunes on clusters that, like a live one, have no speed model to ask: every
 * dry run fails and no oracle exists. Only the rewards named as oracles need one, and they say so.
 */
class ObservationOnlyTest {
  @TempDir Path dir;

  private static PolicySettings settings() {
    return PolicySettings.defaults(PRESET)
        .withHidden(8, 1)
        .withEncoding(StateEncoding.OBSERVED, true)
        .withNetwork(PolicyNetwork.SHARED_COLUMNS);
  }

  @Test
  void theObservedRewardTrainsWithNoDryRunAndNoOracle() {
    List<RlPoint> curve =
        new RlTrainer(
                LiveLikeRuns.tinyRun(RewardMode.OBSERVED_MARGINALS),
                RlListener.NONE,
                LIVE_LIKE,
                RunPlacement.SLOT)
            .run(settings(), Optional.empty(), dir);
    assertThat(curve).extracting(RlPoint::step).containsExactly(3L, 6L);
    TrainingInfo info = PolicyFile.load(dir.resolve("best.policy")).training();
    assertThat(info.reward()).isEqualTo("observed-marginals");
    assertThat(info.usesOracle()).isFalse();
    assertThat(info.provenance()).startsWith("observation-only");
  }

  @Test
  void anOracleRewardCannotTrainWhereNoOracleExists() {
    assertThatThrownBy(
            () ->
                new RlTrainer(
                    LiveLikeRuns.tinyRun(RewardMode.ORACLE_MARGINALS),
                    RlListener.NONE,
                    LIVE_LIKE,
                    RunPlacement.SLOT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("observation-only");
  }

  @Test
  void onlineFineTuningLearnsFromMeasurementsWithTheTrainingReward() {
    OnlineTuner tuner = LiveLikeRuns.tuner(settings(), "oracle-marginals");
    assertThat(tuner.rewardMode())
        .as("no oracle online: its observed twin")
        .isEqualTo(RewardMode.OBSERVED_MARGINALS);
    LiveLikeRuns.runThirtySlots(tuner);
    assertThat(tuner.steps()).isPositive();
  }

  @Test
  void aPolicyTrainedOnTheSlotRewardKeepsItOnline() {
    TrainingInfo slot = new TrainingInfo("rl", 1, PRESET.name(), "", 1, null, "slot");
    assertThat(OnlineTuner.onlineReward(slot).mode()).isEqualTo(RewardMode.SLOT);
    assertThat(OnlineTuner.onlineReward(new TrainingInfo("sl", 1, PRESET.name(), "drf", 1)).mode())
        .isEqualTo(RewardMode.SLOT);
  }
}
