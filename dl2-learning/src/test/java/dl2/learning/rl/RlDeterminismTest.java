package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicySettings;
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
 * Synchronous training is bit-reproducible for a fixed seed and agent count, whatever the thread
 * count.
 */
class RlDeterminismTest {
  @TempDir Path dir;

  private static final PolicySettings SETTINGS =
      new PolicySettings(
          StateEncoding.ORIGINAL,
          4,
          16,
          1000,
          true,
          List.of(16, 16),
          true,
          true,
          PolicyNetwork.FULLY_CONNECTED);

  private static RlConfig config(
      int agents, int threads, ReplayKind replay, ExplorationMode exploration, ReturnMode returns) {
    UpdateSettings update =
        new UpdateSettings(returns, 0.9, Baseline.CRITIC, 0.1, GradientForm.RECOMPUTED);
    return new RlConfig(
        new RunBudget(Presets.PAPER_TESTBED, 3, 12, 6, 2, 4, threads),
        new ActorCritic(
            agents,
            1e-3,
            32,
            64,
            replay,
            exploration,
            update,
            RewardMode.SLOT,
            null,
            false,
            true,
            null));
  }

  private void assertSameFiles(Path a, Path b) throws Exception {
    for (String file : List.of("best.policy", "final.policy", "rl-curve.csv")) {
      assertThat(Files.readAllBytes(a.resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(b.resolve(file)));
    }
  }

  @Test
  void twoAgentsGiveTheSameBytesOnOneThreadAndOnTwo() throws Exception {
    new RlTrainer(
            config(2, 1, ReplayKind.PRIORITISED, ExplorationMode.ORIGINAL, ReturnMode.IMMEDIATE),
            RlListener.NONE)
        .run(SETTINGS, Optional.empty(), dir.resolve("a"));
    new RlTrainer(
            config(2, 2, ReplayKind.PRIORITISED, ExplorationMode.ORIGINAL, ReturnMode.IMMEDIATE),
            RlListener.NONE)
        .run(SETTINGS, Optional.empty(), dir.resolve("b"));
    assertSameFiles(dir.resolve("a"), dir.resolve("b"));
  }

  @Test
  void thePaperVariantsAreReproducibleToo() throws Exception {
    for (String run : List.of("c", "d")) {
      new RlTrainer(
              config(1, 1, ReplayKind.PLAIN, ExplorationMode.PAPER, ReturnMode.DISCOUNTED),
              RlListener.NONE)
          .run(SETTINGS, Optional.empty(), dir.resolve(run));
    }
    assertSameFiles(dir.resolve("c"), dir.resolve("d"));
  }

  @Test
  void asynchronousTrainingRunsEveryStepAcrossAgents() {
    RlConfig sync =
        config(3, 3, ReplayKind.PRIORITISED, ExplorationMode.ORIGINAL, ReturnMode.IMMEDIATE);
    ActorCritic knobs = sync.actorCritic();
    RlConfig async =
        new RlConfig(
            sync.budget(),
            new ActorCritic(
                knobs.agents(),
                knobs.learningRate(),
                knobs.batchSize(),
                knobs.replayCapacity(),
                knobs.replay(),
                knobs.exploration(),
                knobs.update(),
                knobs.reward(),
                null,
                false,
                false,
                null));
    List<RlPoint> curve =
        new RlTrainer(async, RlListener.NONE).run(SETTINGS, Optional.empty(), dir.resolve("e"));
    assertThat(curve).extracting(RlPoint::step).containsExactly(6L, 12L);
    assertThat(dir.resolve("e").resolve("final.policy")).exists();
  }
}
