package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.ResidualSettings;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.run.RunBudget;
import dl2.learning.state.StateEncoding;
import dl2.workload.Presets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy that starts its slots from 0/0 (no start-of-slot bundle, as the realistic warm-ups)
 * trains under reinforcement learning from that same start, and keeps the setting in its file.
 */
class ZeroStartTrainingTest {
  @TempDir Path dir;

  private static final PolicySettings ONE_ONE =
      new PolicySettings(
          StateEncoding.ORIGINAL,
          4,
          16,
          1000,
          true,
          List.of(16),
          true,
          true,
          PolicyNetwork.FULLY_CONNECTED);

  private static RlConfig config() {
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.1, GradientForm.RECOMPUTED);
    return new RlConfig(
        new RunBudget(Presets.PAPER_TESTBED, 11, 3, 3, 1, 3, 1),
        new ActorCritic(
            1,
            1e-3,
            32,
            64,
            ReplayKind.PLAIN,
            ExplorationMode.ORIGINAL,
            update,
            RewardMode.SLOT,
            null,
            false,
            true,
            null));
  }

  /**
   * The same seed from 1/1 and from 0/0: both train, and the 0/0 run plays different slots (the
   * policy, not the bundle, gives every job its first tasks), so it learns different weights.
   */
  @Test
  void aPolicyWithoutTheStartBundleTrainsFromZeroZero() throws Exception {
    Path oneOne = dir.resolve("one-one");
    Path zero = dir.resolve("zero");
    new RlTrainer(config(), RlListener.NONE).run(ONE_ONE, Optional.empty(), oneOne);
    new RlTrainer(config(), RlListener.NONE)
        .run(ONE_ONE.withStartOfSlotBundle(false), Optional.empty(), zero);
    PolicyFile trained = PolicyFile.load(zero.resolve("final.policy"));
    assertThat(trained.settings().startOfSlotBundle()).isFalse();
    assertThat(zero.resolve("best.policy")).exists();
    assertThat(Files.readAllBytes(zero.resolve("rl-curve.csv")))
        .isNotEqualTo(Files.readAllBytes(oneOne.resolve("rl-curve.csv")));
  }

  /**
   * A residual policy (docs/residual.md) trains from its 0/0 start too: guided by its base rule it
   * admits every job, so its first validation is finite, and its file keeps the base.
   */
  @Test
  void aResidualPolicyTrains() {
    ResidualSettings base = new ResidualSettings("ia-greedy-multistep", 6);
    PolicySettings residual =
        ONE_ONE.withWindow(12).withEncoding(StateEncoding.PLACED, true).withResidual(base);
    Path out = dir.resolve("residual");
    List<RlPoint> curve =
        new RlTrainer(config(), RlListener.NONE).run(residual, Optional.empty(), out);
    assertThat(curve).isNotEmpty().allMatch(p -> Double.isFinite(p.validationJct()));
    assertThat(PolicyFile.load(out.resolve("final.policy")).settings().residual()).isEqualTo(base);
  }
}
