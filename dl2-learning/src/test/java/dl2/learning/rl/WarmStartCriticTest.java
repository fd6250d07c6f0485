package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.ParamSet;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.run.RunBudget;
import dl2.learning.state.StateEncoding;
import dl2.workload.Presets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fine-tuning a trained policy continues its critic instead of starting a fresh one. */
class WarmStartCriticTest {
  @TempDir Path dir;

  private static final PolicySettings SETTINGS =
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

  private static RlConfig config(int steps) {
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.1, GradientForm.RECOMPUTED);
    return new RlConfig(
        new RunBudget(Presets.PAPER_TESTBED, 11, steps, steps, 2, 3, 1),
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

  @Test
  void theGivenCriticIsTheOneTrained() {
    Path first = dir.resolve("first");
    new RlTrainer(config(4), RlListener.NONE).run(SETTINGS, Optional.empty(), first);
    PolicyFile trained = PolicyFile.load(first.resolve("final.policy"));
    Mlp critic = trained.value().orElseThrow().network();
    double[] before = flat(critic.parameters());

    Path tuned = dir.resolve("tuned");
    new RlTrainer(config(3), RlListener.NONE)
        .run(SETTINGS, Optional.of(trained.policy().network()), Optional.of(critic), tuned);

    double[] after =
        flat(
            PolicyFile.load(tuned.resolve("final.policy"))
                .value()
                .orElseThrow()
                .network()
                .parameters());
    assertThat(after).isEqualTo(flat(critic.parameters())).isNotEqualTo(before);
    Mlp fresh = PolicyFile.load(runFresh()).value().orElseThrow().network();
    assertThat(flat(fresh.parameters())).isNotEqualTo(after);
  }

  private static double[] flat(ParamSet params) {
    double[] all = new double[0];
    for (int k = 0; k < params.tensorCount(); k++) {
      double[] tensor = params.tensor(k);
      double[] grown = Arrays.copyOf(all, all.length + tensor.length);
      System.arraycopy(tensor, 0, grown, all.length, tensor.length);
      all = grown;
    }
    return all;
  }

  private Path runFresh() {
    PolicyFile trained = PolicyFile.load(dir.resolve("first").resolve("final.policy"));
    Path fresh = dir.resolve("fresh");
    new RlTrainer(config(3), RlListener.NONE)
        .run(SETTINGS, Optional.of(trained.policy().network()), fresh);
    return fresh.resolve("final.policy");
  }
}
