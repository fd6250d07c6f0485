package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.jobOf;
import static dl2.simulation.SimFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Progress, completion and metrics (dl2-spec §3.3, §5.1 step 4, §5.3). */
class ProgressTest {
  private static final SimFixtures.OneBundleEach ONE_BUNDLE_EACH = new SimFixtures.OneBundleEach();

  @Test
  void theLastSlotIsFractionalWhenAFullSlotWouldOvershoot() {
    // 10 epochs/slot, E = 25: P = 10, 20, then 5 of 10 more: φ = 0.5, e = 2 − 1 + 0.5 = 1.5.
    SimulationResult result =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 25)).run(ONE_BUNDLE_EACH);
    JobResult job = result.jobs().get(0);
    assertThat(job.completionTime()).isEqualTo(1.5);
    assertThat(job.jct()).isEqualTo(2.5);
    assertThat(result.makespan()).isEqualTo(2.5);
  }

  @Test
  void theLastSlotsProgressIsCutAtTheRealEpochs() {
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 25));
    sim.run(ONE_BUNDLE_EACH);
    // Slot 2 adds E* − P = 5 epochs, reward 5/25.
    assertThat(sim.result().slots().get(2).reward()).isEqualTo(0.2);
  }

  @Test
  void jctCountsFromTheArrivalSlot() {
    // Arrives in slot 3, E = 15: slot 3 → 10, slot 4 → φ = 0.5, e = 4 − 1 + 0.5 = 3.5; JCT = 3.5 −
    // 3 + 1.
    SimulationResult result =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 3, 15)).run(ONE_BUNDLE_EACH);
    assertThat(result.jobs().get(0).completionTime()).isEqualTo(3.5);
    assertThat(result.jobs().get(0).jct()).isEqualTo(1.5);
  }

  @Test
  void aJobFinishingHalfwayThroughItsArrivalSlotHasJctOneHalf() {
    // The §5.3 example: E = 5 at 10 epochs/slot, φ = 0.5, e = 0 − 1 + 0.5 = −0.5.
    SimulationResult result =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 5)).run(ONE_BUNDLE_EACH);
    assertThat(result.jobs().get(0).jct()).isEqualTo(0.5);
    assertThat(result.makespan()).isEqualTo(0.5);
  }

  @Test
  void makespanCountsFromSlotZeroNotFromTheFirstArrival() {
    // Only job arrives in slot 3 and finishes halfway through it: e = 2.5, makespan = e + 1 = 3.5.
    SimulationResult result =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 3, 5)).run(ONE_BUNDLE_EACH);
    assertThat(result.jobs().get(0).jct()).isEqualTo(0.5);
    assertThat(result.makespan()).isEqualTo(3.5);
  }

  @Test
  void landingExactlyOnTheRealEpochsUsesTheWholeSlot() {
    // E = 20 at 10/slot: P = 10, then exactly 20 in slot 1: φ = 1, e = 1, JCT = 2.
    SimulationResult result =
        simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 20)).run(ONE_BUNDLE_EACH);
    assertThat(result.jobs().get(0).completionTime()).isEqualTo(1.0);
    assertThat(result.jobs().get(0).jct()).isEqualTo(2.0);
    assertThat(result.slots()).hasSize(2);
  }

  @Test
  void averageJctAndMakespanAreOverAllJobs() {
    // Job 1 (E 5): JCT 0.5, e −0.5. Job 2 (E 30, arrives 1): slots 1..3, e = 3, JCT = 3.
    SimulationResult result =
        simulator(
                2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 5), job(2, JobType.DSSM, 1, 30))
            .run(ONE_BUNDLE_EACH);
    assertThat(result.jobs()).extracting(JobResult::jct).containsExactly(0.5, 3.0);
    assertThat(result.averageJct()).isEqualTo(1.75);
    assertThat(result.makespan()).isEqualTo(4.0);
  }

  @Test
  void aRunningJobWithOnlyAWorkerMakesNoProgress() {
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100));
    SlotContext slot = sim.beginSlot();
    JobView job = jobOf(slot, 1);
    slot.tryAdd(job, Task.WORKER);
    slot.tryAdd(job, Task.WORKER);
    SlotOutcome outcome = sim.endSlot();
    assertThat(outcome.progress()).containsExactly(new JobProgress(1, 0, 2, 0, 1, 0, false));
    assertThat(outcome.stats().reward()).isZero();
    assertThat(job.progress()).isZero();
    assertThat(sim.outstandingJobs()).extracting(JobView::id).containsExactly(1);
  }

  @Test
  void aRunningJobWithOnlyAPsMakesNoProgress() {
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(jobOf(slot, 1), Task.PS);
    assertThat(sim.endSlot().progress()).containsExactly(new JobProgress(1, 1, 0, 0, 1, 0, false));
  }

  @Test
  void aJobWithNoTaskIsNotRunningAndIsLeftOutOfTheSlotsProgress() {
    Simulator sim =
        simulator(
            1, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.DSSM, 0, 100));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(jobOf(slot, 2), Task.BUNDLE);
    assertThat(sim.endSlot().progress()).extracting(JobProgress::jobId).containsExactly(2);
  }

  /**
   * Reward is Σ Δ/E with the estimate E, while completion uses E*. Job 1: E = 100, E* = 150, 60
   * epochs/slot (6 workers). Job 2: E = E* = 50 at 10/slot. Slot 0: 60/100 + 10/50 = 0.8. Job 1
   * then: slot 1 P = 120 (reward 0.6 + 0.2), slot 2 Δ = 30, φ = 0.5 (reward 0.3 + 0.2).
   */
  @Test
  void theSlotRewardIsProgressOverTheEstimatedEpochs() {
    SpeedModel speed = SimFixtures.rate((t, p, w) -> t == JobType.RESNET_50 ? 60.0 : 10.0);
    Simulator sim =
        simulator(
            1,
            16,
            speed,
            new JobSpec(1, JobType.RESNET_50, 0, 100, 150),
            job(2, JobType.DSSM, 0, 50));
    SimulationResult result = sim.run(ONE_BUNDLE_EACH);
    assertThat(result.slots().stream().mapToDouble(SlotStats::reward).toArray())
        .containsExactly(new double[] {0.8, 0.8, 0.5, 0.2, 0.2}, within(1e-12));
    assertThat(result.jobs().get(0).completionTime()).isEqualTo(1.5);
    assertThat(result.jobs().get(1).completionTime()).isEqualTo(4.0);
    assertThat(result.meanReward()).isCloseTo(2.5 / 5, within(1e-12));
  }

  @Test
  void aJobWhoseRealEpochsAreBelowTheEstimateFinishesEarly() {
    // E = 100, E* = 15: done halfway through slot 1, reward in slot 1 = 5/100.
    Simulator sim = simulator(1, 16, TEN_PER_WORKER, new JobSpec(1, JobType.RESNET_50, 0, 100, 15));
    SimulationResult result = sim.run(ONE_BUNDLE_EACH);
    assertThat(result.jobs().get(0).jct()).isEqualTo(1.5);
    assertThat(result.slots()).extracting(SlotStats::reward).containsExactly(0.1, 0.05);
  }

  @Test
  void theDryRunIsAFullSlotUnlimitedByRemainingWorkAndChangesNothing() {
    // Cap 2, E = 5: a dry run at (3 PSs, 3 workers) = 30 epochs, beyond the cap and the 5 left.
    Simulator sim = simulator(1, 2, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 5));
    SlotContext slot = sim.beginSlot();
    JobView job = jobOf(slot, 1);
    assertThat(slot.dryRunEpochsPerSlot(job, 3, 3)).isEqualTo(30.0);
    assertThat(slot.dryRunEpochsPerSlot(job, 0, 3)).isZero();
    assertThat(job.progress()).isZero();
    assertThat(job.workers()).isZero();
  }

  @Test
  void theFittedModelGivesJctEqualToEpochsOverEpochsPerSlot() {
    // resnet-50 at (1 PS, 1 worker): 343.34 epochs per 1200 s slot (§3.2 table). 1000 epochs take
    // two full slots and a fraction: JCT = 1000 / 343.34 ≈ 2.9125.
    Simulator sim =
        new Simulator(
            SimFixtures.config(1, 16),
            SimFixtures.trace(job(1, JobType.RESNET_50, 0, 1000)),
            FittedOptimusSpeed.INSTANCE,
            7);
    SimulationResult result = sim.run(ONE_BUNDLE_EACH);
    assertThat(result.jobs().get(0).jct()).isCloseTo(1000 / 343.34, within(1e-4));
    assertThat(result.slots()).hasSize(3);
  }

  @Test
  void speedNoiseChangesResultsButIsReproducibleFromTheSeed() {
    Trace trace =
        new Trace(
            "noisy",
            List.of(
                job(1, JobType.RESNET_50, 0, 3000),
                job(2, JobType.VGG_16, 0, 2000),
                job(3, JobType.DSSM, 1, 5000)));
    SimulationConfig quiet = new SimulationConfig(ClusterSpec.ofNodes(2), 16, 1200, 0, 1000);
    SimulationConfig noisy = quiet.withSpeedNoise(0.3);
    SimulationResult exact =
        new Simulator(quiet, trace, FittedOptimusSpeed.INSTANCE, 5).run(ONE_BUNDLE_EACH);
    SimulationResult first =
        new Simulator(noisy, trace, FittedOptimusSpeed.INSTANCE, 5).run(ONE_BUNDLE_EACH);
    SimulationResult again =
        new Simulator(noisy, trace, FittedOptimusSpeed.INSTANCE, 5).run(ONE_BUNDLE_EACH);
    SimulationResult otherSeed =
        new Simulator(noisy, trace, FittedOptimusSpeed.INSTANCE, 6).run(ONE_BUNDLE_EACH);
    assertThat(first).isEqualTo(again);
    assertThat(first.jobs()).isNotEqualTo(exact.jobs());
    assertThat(first.jobs()).isNotEqualTo(otherSeed.jobs());
  }

  @Test
  void speedNoiseStaysWithinPlusOrMinusEpsilonOfTheExactRate() {
    SimulationConfig noisy = new SimulationConfig(ClusterSpec.ofNodes(1), 16, 1200, 0.25, 1000);
    Simulator sim =
        new Simulator(
            noisy, SimFixtures.trace(job(1, JobType.RESNET_50, 0, 1e6)), TEN_PER_WORKER, 3);
    for (int ts = 0; ts < 50; ts++) {
      SlotContext slot = sim.beginSlot();
      slot.tryAdd(jobOf(slot, 1), Task.BUNDLE);
      double delta = sim.endSlot().progress().get(0).epochsDone();
      assertThat(delta).isBetween(7.5, 12.5);
    }
  }
}
