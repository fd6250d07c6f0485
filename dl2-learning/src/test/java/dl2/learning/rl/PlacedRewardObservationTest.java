package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RewardMode;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.run.RunBudget;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.Simulator;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
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
  private static final Preset PRESET = Presets.PAPER_TESTBED;
  private static final SimulatedClusters LIVE_LIKE = SimulatedClusters.of(PRESET).observationOnly();

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
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.001, GradientForm.RECOMPUTED);
    RlConfig config =
        new RlConfig(
            new RunBudget(PRESET, 5, 6, 3, 2, 4, 1),
            new ActorCritic(
                1,
                1e-3,
                32,
                64,
                ReplayKind.PLAIN,
                ExplorationMode.NONE,
                update,
                RewardMode.OBSERVED_PLACED_MARGINALS,
                null,
                false,
                true,
                null));
    List<RlPoint> curve =
        new RlTrainer(config, RlListener.NONE, LIVE_LIKE, RunPlacement.SLOT)
            .run(placed(), Optional.empty(), dir);
    assertThat(curve).extracting(RlPoint::step).containsExactly(3L, 6L);
    TrainingInfo info = PolicyFile.load(dir.resolve("best.policy")).training();
    assertThat(info.reward()).isEqualTo("observed-placed-marginals");
    assertThat(info.usesOracle()).isFalse();
  }

  @Test
  void onlineFineTuningKeepsTheRewardFedFromThePolicysOwnSlots() {
    PolicySettings settings = placed();
    Mlp network = new Mlp(settings.policySpec(), new Rng(3));
    PolicyFile trained =
        new PolicyFile(
            settings,
            new TrainingInfo("rl", 10, PRESET.name(), "", 3, null, "observed-placed-marginals"),
            new NetworkState("policy", network, new Adam(network, 0.001)),
            Optional.empty());
    OnlineTuner tuner =
        new OnlineTuner(
            trained,
            Schedulers.baseline("drf"),
            PRESET.taskCap(),
            new OnlineTuner.Settings(2, 1.0, 8, 256, 1e-3, 5),
            7,
            null);
    assertThat(tuner.rewardMode()).isEqualTo(RewardMode.OBSERVED_PLACED_MARGINALS);
    List<Trace> traces = TraceSets.validation(PRESET, 1, 3);
    int slots = 0;
    for (int t = 0; slots < 30; t = (t + 1) % traces.size()) {
      Simulator simulator = LIVE_LIKE.open(traces.get(t), t);
      while (!simulator.finished() && slots < 30) {
        tuner.schedule(simulator.beginSlot());
        tuner.observe(simulator.endSlot().progress());
        slots++;
      }
    }
    assertThat(tuner.steps()).isPositive();
  }
}
