package dl2.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.controller.SlotController;
import dl2.kubernetes.controller.SlotReport;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationResult;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/**
 * A share of the controller's API calls fail (500, 409, timeouts) and the controller crashes
 * mid-slot and is replaced by a fresh one: the cluster still converges every slot, with no
 * duplicate or orphaned pods, no lost job, and the simulator's JCT.
 */
class FaultInjectionTest {
  private static final Preset PRESET = Presets.PAPER_TESTBED;

  @Test
  void controllerConvergesThroughApiFailuresAndRestarts() {
    Trace trace = EmulatedClusterTest.smallTrace();
    FaultyApi[] faults = new FaultyApi[1];
    try (MockCluster cluster =
        new MockCluster(
            PRESET.cluster(),
            store -> faults[0] = new FaultyApi(store, 17, 0.1, Duration.ofMillis(800)),
            Duration.ofMillis(500))) {
      ClusterEmulator emulator =
          new ClusterEmulator(
              cluster, PRESET.taskCap(), PRESET.slotSeconds(), FittedOptimusSpeed.INSTANCE);
      CrashingController controller = new CrashingController(emulator, faults[0], new Rng(5));
      List<String> problems = new ArrayList<>();
      SimulationResult emulated =
          emulator.run(
              trace,
              controller,
              1000,
              (report, stats, progress) -> problems.addAll(podProblems(cluster, report)));

      System.out.printf(
          "requests %d: 500s %d, 409s %d, timeouts %d, restarts %d%n",
          faults[0].controllerRequests.get(),
          faults[0].failures500.get(),
          faults[0].conflicts.get(),
          faults[0].timeouts.get(),
          controller.restarts);
      System.out.println(
          "emulated jobs: "
              + emulated.jobs()); // the outcome, which faults and restarts must not change
      assertThat(faults[0].failures500.get()).isPositive();
      assertThat(faults[0].conflicts.get()).isPositive();
      assertThat(faults[0].timeouts.get()).isPositive();
      assertThat(controller.restarts).isGreaterThanOrEqualTo(3);
      assertThat(problems).isEmpty();
      assertThat(emulator.overcommitted()).isEmpty();
      assertThat(emulated.jobs()).hasSize(trace.size());
      assertThat(emulated.averageJct())
          .isCloseTo(
              EmulatedClusterTest.simulate(trace, "drf").averageJct(),
              Percentage.withPercentage(5));
      assertThat(cluster.client().pods().inNamespace(ClusterEmulator.NAMESPACE).list().getItems())
          .isEmpty();
      assertThat(
              cluster.client().services().inNamespace(ClusterEmulator.NAMESPACE).list().getItems())
          .isEmpty();
    }
  }

  /**
   * Each job holds exactly the pods of its allocation, one per (role, index), and no other pod
   * exists.
   */
  static List<String> podProblems(MockCluster cluster, SlotReport report) {
    Map<String, int[]> held = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Pod pod :
        cluster.client().pods().inNamespace(ClusterEmulator.NAMESPACE).list().getItems()) {
      String job = pod.getMetadata().getLabels().get(Labels.JOB);
      boolean worker = Labels.WORKER.equals(pod.getMetadata().getLabels().get(Labels.ROLE));
      held.computeIfAbsent(job, k -> new int[2])[worker ? 0 : 1]++;
    }
    for (SlotReport.Allocation a : report.allocations()) {
      int[] counts = held.remove(a.name());
      int workers = counts == null ? 0 : counts[0];
      int ps = counts == null ? 0 : counts[1];
      if (workers != a.workers() || ps != a.parameterServers()) {
        problems.add(
            "slot "
                + report.slot()
                + ": "
                + a.name()
                + " has "
                + workers
                + "w/"
                + ps
                + "ps, allocated "
                + a.workers()
                + "w/"
                + a.parameterServers()
                + "ps");
      }
    }
    held.keySet()
        .forEach(job -> problems.add("slot " + report.slot() + ": orphaned pods of " + job));
    return problems;
  }

  /**
   * A controller process that, every other slot, loses the API mid-slot (an outage after a random 3
   * to 7 of its requests), dies, and is replaced by a fresh process that redoes the slot.
   */
  static final class CrashingController implements ClusterEmulator.ControllerRun {
    private final ClusterEmulator emulator;
    private final FaultyApi faults;
    private final Rng rng;
    private SlotController current;
    int restarts;
    private int calls;

    CrashingController(ClusterEmulator emulator, FaultyApi faults, Rng rng) {
      this.emulator = emulator;
      this.faults = faults;
      this.rng = rng;
      this.current = fresh();
    }

    private SlotController fresh() {
      return emulator.newController(
          Schedulers.baseline("drf"), new ApiRetry(8, Duration.ofMillis(5)));
    }

    @Override
    public SlotReport reconcile() {
      if (calls++ % 2 == 1) { // every other slot
        faults.outageAfter(3 + rng.nextInt(5)); // every slot makes more requests than that
        try {
          return current.reconcile();
        } catch (KubernetesClientException crashed) {
          restarts++;
          current = fresh();
        } finally {
          faults.heal();
        }
      }
      return current.reconcile();
    }
  }
}
