package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Online fine-tuning driven slot by slot, the reward given at the next slot as on a live cluster.
 */
class OnlineTunerTest {
  private static final Preset PRESET = Presets.PAPER_TESTBED;

  @TempDir Path dir;

  private static PolicyFile untrained() {
    PolicySettings settings = PolicySettings.defaults(PRESET).withHidden(16, 1);
    Mlp policy = new Mlp(settings.policySpec(), new Rng(3));
    return new PolicyFile(
        settings,
        new TrainingInfo("sl", 0, PRESET.name(), "drf", 3),
        new NetworkState("policy", policy, new Adam(policy, 0.001)),
        Optional.empty());
  }

  /**
   * Runs {@code slots} slots over the testbed's validation traces; returns the slots (counted from
   * 0 over all traces) the guard fell back in.
   */
  private static List<Integer> run(OnlineTuner[] tuner, double margin, int slots, Path checkpoint) {
    List<Integer> fallbacks = new ArrayList<>();
    int[] done = {0};
    OnlineTuner.Settings settings = new OnlineTuner.Settings(3, margin, 8, 256, 1e-3, 5);
    tuner[0] =
        new OnlineTuner(
                untrained(), Schedulers.baseline("drf"), PRESET.taskCap(), settings, 7, checkpoint)
            .listening((slot, policyReward, level) -> fallbacks.add(done[0]));
    List<Trace> traces = TraceSets.validation(PRESET, 1, 5);
    for (int t = 0; done[0] < slots; t = (t + 1) % traces.size()) {
      Simulator simulator =
          new Simulator(SimulationConfig.of(PRESET), traces.get(t), FittedOptimusSpeed.INSTANCE, t);
      while (!simulator.finished() && done[0] < slots) {
        tuner[0].schedule(simulator.beginSlot());
        tuner[0].observe(simulator.endSlot().progress());
        done[0]++;
      }
    }
    return fallbacks;
  }

  @Test
  void theTeacherSetsTheLevelThenThePolicyLearnsAndCheckpoints() {
    OnlineTuner[] tuner = new OnlineTuner[1];
    Path checkpoint = dir.resolve("online.policy");
    List<Integer> fallbacks = run(tuner, 1.0, 30, checkpoint); // margin 1: never below 0 × level
    assertThat(fallbacks).isEmpty();
    assertThat(tuner[0].level()).isPositive();
    assertThat(tuner[0].teacherActive()).isFalse();
    assertThat(tuner[0].steps()).isPositive();
    PolicyFile saved = PolicyFile.load(checkpoint);
    assertThat(saved.training().phase()).isEqualTo("online-rl");
    assertThat(saved.value()).isPresent();
  }

  @Test
  void aPolicyBelowTheTeachersLevelHandsTheSlotsBackToTheTeacher() {
    OnlineTuner[] tuner = new OnlineTuner[1];
    // margin −100: the policy must earn 101 × the teacher's reward, so the guard trips as soon as
    // it can:
    // 3 teacher slots, 3 policy slots, fallback at slot 6, 3 teacher slots, 3 policy slots,
    // fallback at slot 12, …
    List<Integer> fallbacks = run(tuner, -100, 20, null);
    assertThat(fallbacks).hasSizeGreaterThanOrEqualTo(2);
    assertThat(fallbacks.get(0)).isEqualTo(6);
    assertThat(fallbacks.get(1) - fallbacks.get(0)).isEqualTo(6);
  }
}
