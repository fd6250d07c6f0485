package dl2.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.controller.SlotController;
import dl2.kubernetes.controller.SlotReport;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import io.fabric8.kubernetes.api.model.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** End to end: a paper-testbed trace on the mock API server, the controller against it. */
public class EmulatedClusterTest {
  private static final Preset PRESET = Presets.PAPER_TESTBED;

  public static Trace smallTrace() {
    return TraceSets.validation(PRESET, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
  }

  public static SimulationResult simulate(Trace trace, String scheduler) {
    SimulationConfig config = SimulationConfig.of(PRESET);
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 0)
        .run(Schedulers.baseline(scheduler));
  }

  @Test
  void jobsAreScheduledResizedAndCompletedWithTheSimulatorsJct() {
    Trace trace = smallTrace();
    List<SlotReport> reports = new ArrayList<>();
    List<EmulatedProgress> progress = new ArrayList<>();
    try (MockCluster cluster = new MockCluster(PRESET.cluster())) {
      ClusterEmulator emulator =
          new ClusterEmulator(
              cluster, PRESET.taskCap(), PRESET.slotSeconds(), FittedOptimusSpeed.INSTANCE);
      SimulationResult emulated =
          emulator.run(
              trace,
              Schedulers.baseline("drf"),
              1000,
              (r, s, p) -> {
                reports.add(r);
                progress.add(p);
              });
      SimulationResult simulated = simulate(trace, "drf");

      assertThat(emulator.overcommitted()).isEmpty();
      assertThat(emulated.jobs()).hasSize(trace.size());
      assertThat(emulated.averageJct())
          .isCloseTo(simulated.averageJct(), org.assertj.core.data.Percentage.withPercentage(5));
      assertThat(reports.stream().mapToInt(SlotReport::podsDeleted).sum())
          .as("resizes delete pods")
          .isPositive();
      assertThat(progress)
          .allSatisfy(p -> assertThat(p.queuedJobs()).isNotNegative())
          .extracting(EmulatedProgress::completedJobs)
          .isSorted();
      assertThat(progress.get(progress.size() - 1))
          .isEqualTo(new EmulatedProgress(trace.size(), trace.size(), 0, trace.size(), 1.0));
      assertThat(progress).extracting(EmulatedProgress::workFraction).isSorted();
      assertThat(cluster.client().pods().inNamespace(ClusterEmulator.NAMESPACE).list().getItems())
          .as("no pod left")
          .isEmpty();
      assertThat(
              cluster
                  .client()
                  .resources(Dl2Job.class)
                  .inNamespace(ClusterEmulator.NAMESPACE)
                  .list()
                  .getItems())
          .allSatisfy(j -> assertThat(j.getStatus().phase).isEqualTo("Completed"));
      List<Event> events =
          cluster.client().v1().events().inNamespace(ClusterEmulator.NAMESPACE).list().getItems();
      assertThat(events).extracting(Event::getReason).contains("Scaled");
    }
  }

  @Test
  void optimusWithSpeedsEstimatedFromTheReportsMatchesTheSimulator() {
    Trace trace = smallTrace();
    try (MockCluster cluster = new MockCluster(PRESET.cluster())) {
      ClusterEmulator emulator =
          new ClusterEmulator(
              cluster, PRESET.taskCap(), PRESET.slotSeconds(), FittedOptimusSpeed.INSTANCE);
      SlotController controller =
          emulator
              .newController(Schedulers.baseline("optimus"), ApiRetry.standard())
              .estimatingSpeeds();
      SimulationResult emulated = emulator.run(trace, controller::reconcile, 1000, (r, s, p) -> {});
      // Without speed noise the reports equal the model, so the factors stay 1 up to rounding.
      assertThat(emulated.averageJct())
          .isCloseTo(
              simulate(trace, "optimus").averageJct(),
              org.assertj.core.data.Percentage.withPercentage(5));
    }
  }
}
