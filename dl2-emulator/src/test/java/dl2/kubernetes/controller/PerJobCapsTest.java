package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.emulator.ClusterEmulator;
import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * A job's own cap ends only that job's share of a slot: job 1 may hold one worker, job 2 nothing
 * but the cluster's cap C = 4. On 3 nodes of 8 cores (room for 6 bundles) every scheduler must
 * still give job 2 tasks in slot 0, in the simulator and in the emulated cluster alike, and the two
 * must agree on every job's completion.
 */
class PerJobCapsTest {
  static final List<String> SCHEDULERS = Schedulers.BASELINES;
  private static final int CAP = 4;
  private static final int SLOT_SECONDS = 1200;
  private static final ClusterSpec CLUSTER = ClusterSpec.ofNodes(3);
  private static final Trace TRACE =
      new Trace(
          "caps",
          List.of(
              JobSpec.exact(1, JobType.RESNET_50, 0, 3000).withCaps(1, JobSpec.UNCAPPED),
              JobSpec.exact(2, JobType.DSSM, 0, 20000)));

  /** What a scheduler gave each job in slot 0: {workers, PS}. */
  private static final class FirstSlot implements Scheduler {
    private final Scheduler inner;
    private final Map<Integer, int[]> allocation = new TreeMap<>();

    FirstSlot(Scheduler inner) {
      this.inner = inner;
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public void schedule(SlotContext slot) {
      inner.schedule(slot);
      if (slot.slot() == 0) {
        for (JobView job : slot.jobs()) {
          allocation.put(job.id(), new int[] {job.workers(), job.parameterServers()});
        }
      }
    }
  }

  @ParameterizedTest
  @FieldSource("SCHEDULERS")
  void aJobAtItsOwnCapLeavesTheSlotToTheOthersInSimulatorAndEmulator(String name) {
    FirstSlot simulatedSlot = new FirstSlot(Schedulers.baseline(name));
    SimulationConfig config = new SimulationConfig(CLUSTER, CAP, SLOT_SECONDS, 0, 1000);
    SimulationResult simulated =
        new Simulator(config, TRACE, FittedOptimusSpeed.INSTANCE, 0).run(simulatedSlot);

    FirstSlot emulatedSlot = new FirstSlot(Schedulers.baseline(name));
    SimulationResult emulated;
    try (MockCluster cluster = new MockCluster(CLUSTER)) {
      ClusterEmulator emulator =
          new ClusterEmulator(cluster, CAP, SLOT_SECONDS, FittedOptimusSpeed.INSTANCE);
      emulated = emulator.run(TRACE, emulatedSlot, 1000, (r, s, j) -> {});
      assertThat(emulator.overcommitted()).isEmpty();
    }

    for (FirstSlot first : List.of(simulatedSlot, emulatedSlot)) {
      assertThat(first.allocation.get(1)[0])
          .as("job 1 within its own cap of one worker")
          .isEqualTo(1);
      assertThat(first.allocation.get(2))
          .as("job 2 still gets workers and PS")
          .satisfies(
              a -> {
                assertThat(a[0]).isPositive();
                assertThat(a[1]).isPositive();
              });
      if (List.of("drf", "fifo", "srtf", "tetris").contains(name)) {
        assertThat(first.allocation.get(2))
            .as("bundle schedulers fill job 2 to C")
            .containsExactly(CAP, CAP);
      }
    }
    assertThat(emulatedSlot.allocation)
        .usingRecursiveComparison()
        .isEqualTo(simulatedSlot.allocation);
    assertThat(emulated.jobs()).hasSameSizeAs(simulated.jobs());
    for (int i = 0; i < simulated.jobs().size(); i++) {
      JobResult sim = simulated.jobs().get(i);
      JobResult emu = emulated.jobs().get(i);
      assertThat(emu.id()).isEqualTo(sim.id());
      assertThat(emu.completionTime())
          .as("job " + sim.id())
          .isCloseTo(sim.completionTime(), within(1e-6));
    }
  }
}
