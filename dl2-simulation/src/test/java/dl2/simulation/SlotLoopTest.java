package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.jobOf;
import static dl2.simulation.SimFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/** The slot loop of dl2-spec §5.1: admit, clear, schedule, progress, record, advance. */
class SlotLoopTest {
  @Test
  void aJobIsAdmittedInItsArrivalSlotAndCanRunThere() {
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 2, 100));
    for (int ts = 0; ts < 2; ts++) {
      assertThat(sim.beginSlot().jobs()).isEmpty();
      sim.endSlot();
    }
    SlotContext slot2 = sim.beginSlot();
    assertThat(slot2.jobs()).extracting(JobView::id).containsExactly(1);
    assertThat(slot2.tryAdd(jobOf(slot2, 1), Task.BUNDLE)).isTrue();
    SlotOutcome outcome = sim.endSlot();
    assertThat(outcome.progress()).containsExactly(new JobProgress(1, 1, 1, 10, 1, 0.1, false));
  }

  @Test
  void outstandingJobsAreListedInIdOrder() {
    Simulator sim =
        simulator(
            1,
            16,
            TEN_PER_WORKER,
            job(3, JobType.RESNET_50, 0, 100),
            job(1, JobType.DSSM, 1, 100),
            job(2, JobType.WLM, 0, 100));
    sim.beginSlot();
    sim.endSlot();
    assertThat(sim.beginSlot().jobs()).extracting(JobView::id).containsExactly(1, 2, 3);
  }

  @Test
  void everyAllocationIsReleasedAtTheStartOfTheNextSlot() {
    Simulator sim = simulator(2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 1000));
    SlotContext slot0 = sim.beginSlot();
    JobView job = jobOf(slot0, 1);
    slot0.tryAdd(job, Task.BUNDLE);
    slot0.tryAdd(job, Task.BUNDLE);
    slot0.tryAdd(job, Task.PS);
    sim.endSlot();

    SlotContext slot1 = sim.beginSlot();
    assertThat(job.workers()).isZero();
    assertThat(job.parameterServers()).isZero();
    assertThat(job.dominantShare()).isZero();
    assertThat(slot1.cluster().used(0)).isEqualTo(Resources.NONE);
    assertThat(slot1.cluster().used(1)).isEqualTo(Resources.NONE);
    assertThat(slot1.cluster().leastLoadedNode()).isZero();
    // Only progress survives: two workers for one slot.
    assertThat(job.progress()).isEqualTo(20);
    assertThat(job.slotsRun()).isEqualTo(1);
  }

  @Test
  void aContextCannotPlaceTasksOnceItsSlotHasEnded() {
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 1000));
    SlotContext slot0 = sim.beginSlot();
    JobView job = jobOf(slot0, 1);
    sim.endSlot();
    sim.beginSlot();
    assertThatThrownBy(() -> slot0.tryAdd(job, Task.BUNDLE))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void idleSlotsBeforeALaterArrivalAreSimulatedAndRecorded() {
    // Job arrives in slot 3 and needs 10 epochs: one bundle finishes it exactly in slot 3.
    SimulationResult result =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 3, 10))
            .run(new SimFixtures.OneBundleEach());
    assertThat(result.slots()).extracting(SlotStats::slot).containsExactly(0, 1, 2, 3);
    assertThat(result.slots().subList(0, 3))
        .allSatisfy(
            s -> {
              assertThat(s.reward()).isZero();
              assertThat(s.cpuUtilisation()).isZero();
              assertThat(s.gpuUtilisation()).isZero();
            });
    assertThat(result.jobs().get(0).jct()).isEqualTo(1.0);
    assertThat(result.makespan()).isEqualTo(4.0);
  }

  @Test
  void theSimulationStopsAfterTheSlotInWhichTheLastJobCompletes() {
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 15));
    SimulationResult result = sim.run(new SimFixtures.OneBundleEach());
    assertThat(sim.finished()).isTrue();
    assertThat(result.slots()).hasSize(2);
    assertThatThrownBy(sim::beginSlot).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aRunTooLongForTheSlotLimitHitsIt() {
    SimulationConfig config = SimFixtures.config(1, 16).withMaxSlots(50);
    Simulator sim =
        new Simulator(
            config, SimFixtures.trace(job(1, JobType.RESNET_50, 0, 1000)), TEN_PER_WORKER, 1);
    assertThatThrownBy(() -> sim.run(new SimFixtures.OneBundleEach()))
        .isInstanceOf(SimulationLimitException.class)
        .hasMessage("trace hand did not finish within 50 slots (0 of 1 jobs completed)");
  }

  @Test
  void aSchedulerThatLetsNothingTrainIsStoppedLongBeforeTheSlotLimit() {
    Simulator sim =
        new Simulator(
            SimFixtures.config(1, 16),
            SimFixtures.trace(job(1, JobType.RESNET_50, 3, 10)),
            TEN_PER_WORKER,
            1);
    assertThatThrownBy(() -> sim.run(new SimFixtures.Idle()))
        .isInstanceOf(StarvedRunException.class)
        .hasMessage(
            "scheduler idle left job 1 of trace hand without training for "
                + StarvationWatch.STARVED_SLOT_LIMIT
                + " slots in a row (slots 3–"
                + (2 + StarvationWatch.STARVED_SLOT_LIMIT)
                + ") although 1 of 1 nodes had room to"
                + " let one of them train");
  }

  @Test
  void theDefaultSafetyLimitIsOneHundredThousandSlots() {
    assertThat(SimulationConfig.DEFAULT_MAX_SLOTS).isEqualTo(100_000);
  }

  @Test
  void utilisationIsUsedOverClusterCapacityPerResource() {
    // 2 nodes = 16 cores, 4 GPUs. GPU bundle 4c+1g, CPU bundle 4c: 8/16 cores, 1/4 GPUs.
    Simulator sim =
        simulator(
            2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.DSSM, 0, 100));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(jobOf(slot, 1), Task.BUNDLE);
    slot.tryAdd(jobOf(slot, 2), Task.BUNDLE);
    SlotStats stats = sim.endSlot().stats();
    assertThat(stats.cpuUtilisation()).isEqualTo(0.5);
    assertThat(stats.gpuUtilisation()).isEqualTo(0.25);
  }

  @Test
  void utilisationUsesTheConfiguredNodeSize() {
    SimulationConfig config = new SimulationConfig(new ClusterSpec(1, 16, 4), 16, 1200, 0, 1000);
    Simulator sim =
        new Simulator(
            config, SimFixtures.trace(job(1, JobType.RESNET_50, 0, 100)), TEN_PER_WORKER, 1);
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(jobOf(slot, 1), Task.WORKER);
    SlotStats stats = sim.endSlot().stats();
    assertThat(stats.cpuUtilisation()).isEqualTo(2.0 / 16);
    assertThat(stats.gpuUtilisation()).isEqualTo(1.0 / 4);
  }
}
