package dl2.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.controller.ControllerMetrics;
import dl2.kubernetes.controller.SlotController;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.rl.OnlineTuner;
import dl2.model.Rng;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import io.fabric8.kubernetes.api.model.Event;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The online-RL guard's fallback reaches the cluster as an Event and a metric. */
class OnlineTuningTest {
  private static final Preset PRESET = Presets.PAPER_TESTBED;

  @Test
  void aFallbackIsAnEventAndAMetric() {
    PolicySettings settings = PolicySettings.defaults(PRESET).withHidden(16, 1);
    Mlp network = new Mlp(settings.policySpec(), new Rng(3));
    PolicyFile policy =
        new PolicyFile(
            settings,
            new TrainingInfo("sl", 0, PRESET.name(), "drf", 3),
            new NetworkState("policy", network, new Adam(network, 0.001)),
            Optional.empty());
    // Window 1 and margin −100: one teacher slot, one policy slot, then the guard trips.
    OnlineTuner tuner =
        new OnlineTuner(
            policy,
            Schedulers.baseline("drf"),
            PRESET.taskCap(),
            new OnlineTuner.Settings(1, -100, 8, 64, 1e-3, 5),
            1,
            null);
    ControllerMetrics metrics = new ControllerMetrics();
    try (MockCluster cluster = new MockCluster(PRESET.cluster())) {
      ClusterEmulator emulator =
          new ClusterEmulator(
              cluster, PRESET.taskCap(), PRESET.slotSeconds(), FittedOptimusSpeed.INSTANCE);
      SlotController controller =
          emulator.newController(tuner, ApiRetry.standard()).tuning(tuner, metrics);
      emulator.run(EmulatedClusterTest.smallTrace(), controller::reconcile, 1000, (r, s, p) -> {});
      List<Event> fallbacks =
          cluster
              .client()
              .v1()
              .events()
              .inNamespace(ClusterEmulator.NAMESPACE)
              .list()
              .getItems()
              .stream()
              .filter(e -> "PolicyFallback".equals(e.getReason()))
              .toList();
      assertThat(fallbacks)
          .isNotEmpty()
          .allSatisfy(
              e -> {
                assertThat(e.getType()).isEqualTo("Warning");
                assertThat(e.getInvolvedObject().getName()).isEqualTo(ClusterApi.STATE_CONFIG_MAP);
              });
      assertThat(metrics.render())
          .contains("dl2_guard_fallbacks_total " + fallbacks.size() + ".0\n");
      assertThat(tuner.fallbacks()).isEqualTo(fallbacks.size());
      assertThat(tuner.teacherSlots())
          .as("the level's slot and one slot per fallback")
          .isEqualTo(1 + fallbacks.size());
      assertThat(tuner.policySlots()).isPositive();
    }
  }
}
