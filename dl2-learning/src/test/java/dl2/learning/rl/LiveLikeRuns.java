package dl2.learning.rl;

import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.run.RunBudget;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.Simulator;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.List;
import java.util.Optional;

/**
 * What the observation-only tests share: a tiny training run and an online tuner on clusters that,
 * like a live one, answer no dry run and have no oracle.
 */
final class LiveLikeRuns {
  static final Preset PRESET = Presets.PAPER_TESTBED;
  static final SimulatedClusters LIVE_LIKE = SimulatedClusters.of(PRESET).observationOnly();

  private LiveLikeRuns() {}

  /** Two validation points (steps 3 and 6) of a tiny run with {@code reward}. */
  static RlConfig tinyRun(RewardMode reward) {
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.001, GradientForm.RECOMPUTED);
    return new RlConfig(
        new RunBudget(PRESET, 5, 6, 3, 2, 4, 1),
        new ActorCritic(
            1,
            1e-3,
            32,
            64,
            ReplayKind.PLAIN,
            ExplorationMode.NONE,
            update,
            reward,
            null,
            false,
            true,
            null));
  }

  /** An online tuner over an untrained policy of {@code settings} trained on {@code reward}. */
  static OnlineTuner tuner(PolicySettings settings, String reward) {
    Mlp network = new Mlp(settings.policySpec(), new Rng(3));
    PolicyFile trained =
        new PolicyFile(
            settings,
            new TrainingInfo("rl", 10, PRESET.name(), "", 3, null, reward),
            new NetworkState("policy", network, new Adam(network, 0.001)),
            Optional.empty());
    return new OnlineTuner(
        trained,
        Schedulers.baseline("drf"),
        PRESET.taskCap(),
        new OnlineTuner.Settings(2, 1.0, 8, 256, 1e-3, 5),
        7,
        null);
  }

  /** Runs {@code tuner} live-like for 30 slots of the validation traces, measured only. */
  static void runThirtySlots(OnlineTuner tuner) {
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
  }
}
