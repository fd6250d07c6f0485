package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimFixtures;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.speed.EpochRateSpeed;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed priced bounds. One node of 8 cores and 2 GPUs, cap 2; a GPU job's worker takes 2
 * cores and a GPU, a PS 2 cores. Only the GPUs are priced in these cases, μ per slot for both.
 */
class PricedBoundTest {
  /** 1 epoch per slot with one worker, 1.5 with two: the second worker is worth half the first. */
  private static final SpeedModel CONCAVE = new EpochRateSpeed((t, p, w) -> w == 1 ? 1 : 1.5);

  private static final SpeedModel PER_WORKER = new EpochRateSpeed((t, p, w) -> w);

  private static SimulationConfig oneNode() {
    return new SimulationConfig(ClusterSpec.ofNodes(1), 2, 1200, 0, 1000);
  }

  private static Trace twoJobs(double epochs) {
    return new Trace(
        "hand",
        List.of(
            JobSpec.exact(1, JobType.RESNET_50, 0, epochs),
            JobSpec.exact(2, JobType.RESNET_50, 0, epochs)));
  }

  @Test
  void atGivenPricesEachJobPaysItsCheapestScheduleAndThePricesAreTakenBack() {
    // CONCAVE, two jobs of 3 epochs, μ = 4/3 on slots 0-2. A slot's cost-of-work curve: 1 epoch at
    // 2/3 per epoch (one worker, half the GPUs), then 0.5 more at 4/3 (both GPUs). Finishing in
    // slot
    // 1 costs 1 + (1·2/3 + 0.5·4/3) + (1·4/3 + 0.5·2), the last slot's epochs each adding 1/1.5 of
    // a
    // slot: 14/3. In slot 2: 2 + 2·2/3 + 1·4/3 = 14/3. At slot 3, unpriced, or later: 5. So
    // 2 · 14/3 − 3 · 4/3 = 16/3, above the capacity bound's 4.5 (isolated 4, GPUs 1.5 + 3).
    double[] cores = new double[3];
    double[] gpus = {4.0 / 3, 4.0 / 3, 4.0 / 3};
    assertThat(PricedBound.at(twoJobs(3), oneNode(), CONCAVE, 1, cores, gpus))
        .isCloseTo(16.0 / 3, within(1e-12));
    assertThat(CapacityBound.of(twoJobs(3), oneNode(), CONCAVE, 1).total()).isEqualTo(4.5);
  }

  @Test
  void theSlotAJobCompletesInCostsItsOneConfigurationInFull() {
    // CONCAVE, one job of 1 epoch, μ = 1 on slot 0 only, so a GPU costs 1/2 there. Its
    // configurations:
    // one worker (1 GPU) at 1 epoch a slot, two (2 GPUs) at 1.5. Completing in slot 0 it holds one
    // of them for the whole slot: one worker costs 1/2 + 1 (the whole slot) = 3/2; two cost 1 +
    // 1/1.5
    // = 5/3. Completing in slot 1 (unpriced) costs 1 + its cheapest epoch of slot 0 (one worker's,
    // at
    // 1/2 per epoch: cheaper than the 1/1.5 per epoch of slot 1) = 3/2. So 3/2 − μ = 1/2. Charging
    // slot 0 only the used part of its hull at the best speed would give 1/2 + 1/1.5 − 1 = 1/6.
    Trace one = new Trace("hand", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 1)));
    assertThat(PricedBound.at(one, oneNode(), CONCAVE, 1, new double[1], new double[] {1}))
        .isCloseTo(1.0 / 2, within(1e-12));
  }

  @Test
  void aJobThatFillsItsLastSlotPaysWhatTheUsedFractionWould() {
    // PER_WORKER, one job of 2 epochs, μ = 1 on slot 0: two workers (2 GPUs, 2 epochs) complete it
    // exactly at the end of slot 0: price 1 + the whole slot 1 = 2 (one worker cannot complete it
    // there). In slot 1 (unpriced): 1 + 2 epochs at 1/2 each, from slot 0's price or slot 1's time
    // = 2. So 2 − 1 = 1: a last slot used whole costs what its used fraction did before.
    Trace one = new Trace("hand", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 2)));
    assertThat(PricedBound.at(one, oneNode(), PER_WORKER, 1, new double[1], new double[] {1}))
        .isCloseTo(1, within(1e-12));
  }

  @Test
  void theAscentGetsAtLeastAsHighAndStaysBelowWhatTheSimulatorReaches() {
    // The two jobs run in turn at two workers (JCT 2 and 4) or side by side at one (3 and 3): 6.
    PricedBound.Result bound = PricedBound.of(twoJobs(3), oneNode(), CONCAVE, 1, 6, 1000);
    assertThat(bound.total()).isGreaterThanOrEqualTo(16.0 / 3 - 1e-4).isLessThanOrEqualTo(6);
  }

  @Test
  void withZeroPricesItIsTheIsolatedBound() {
    double[] none = new double[5];
    assertThat(PricedBound.at(twoJobs(3), oneNode(), CONCAVE, 1, none, none)).isEqualTo(4);
    assertThat(PricedBound.at(twoJobs(3), oneNode(), CONCAVE, 1, new double[0], new double[0]))
        .isEqualTo(4);
  }

  @Test
  void whenSpeedGrowsLinearlyItMeetsTheGpuBound() {
    // PER_WORKER, 4 epochs each: every schedule spends 4 GPU-slots per job. With μ = 1 on slots
    // 0-1 a job pays 4 whether it finishes at 2 (2 + 2·1), at 3 (3 + 1) or at 4 (4): 2·4 − 2 = 6,
    // what running them in turn reaches.
    double[] cores = new double[2];
    double[] gpus = {1, 1};
    assertThat(PricedBound.at(twoJobs(4), oneNode(), PER_WORKER, 1, cores, gpus))
        .isCloseTo(6, within(1e-12));
    assertThat(PricedBound.of(twoJobs(4), oneNode(), PER_WORKER, 1, 6, 1000).total())
        .isCloseTo(6, within(1e-3))
        .isLessThanOrEqualTo(6 + 1e-12);
  }

  @Test
  void aCpuJobPaysForCores() {
    // dssm needs no GPU. PER_WORKER: (1, 1) takes 4 of the 8 cores for 1 epoch a slot, (1, 2) 6 for
    // 2. With λ = 4/3 on slots 0-1 the slot's curve is one segment, 2 epochs at 3λ/8 = 1/2 each
    // ((1, 1) lies above it). Finishing in slot 1 costs 1 + 2·1/2 + 2·(1/2 + 1/2) = 4; in slot 2,
    // unpriced, 2 + 2·1/2 + 2·1/2 = 4; in slot 3, 3 + 2·1/2 = 4. So 2·4 − 2·4/3 = 16/3. The
    // simulator cannot fit two (1, 2) side by side: 2 + 4 = 6 in turn, 4 + 4 at one worker each.
    Trace trace =
        new Trace(
            "hand",
            List.of(JobSpec.exact(1, JobType.DSSM, 0, 4), JobSpec.exact(2, JobType.DSSM, 0, 4)));
    double[] cores = {4.0 / 3, 4.0 / 3};
    assertThat(PricedBound.at(trace, oneNode(), PER_WORKER, 1, cores, new double[2]))
        .isCloseTo(16.0 / 3, within(1e-12));
    assertThat(PricedBound.of(trace, oneNode(), PER_WORKER, 1, 6, 1000).total())
        .isGreaterThanOrEqualTo(16.0 / 3 - 1e-4)
        .isLessThanOrEqualTo(6);
  }

  @Test
  void onPaperDenseItIsAboveTheOtherParts() {
    SimulationConfig config = SimulationConfig.of(Presets.PAPER_DENSE);
    Trace trace = TraceSets.test(Presets.PAPER_DENSE, 9973, 1).get(0);
    CapacityBound.Totals parts = CapacityBound.of(trace, config, FittedOptimusSpeed.INSTANCE, 1);
    double reachable =
        new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1)
                .run(new SimFixtures.BundlesById())
                .averageJct()
            * parts.jobs();
    CapacityBound.Totals all =
        CapacityBound.of(trace, config, FittedOptimusSpeed.INSTANCE, 1, reachable);
    assertThat(all.priced()).isGreaterThan(parts.total()).isLessThanOrEqualTo(reachable);
    assertThat(all.binding()).isEqualTo("priced");
  }

  @Test
  void anAimBelowWhatTheBoundProvesIsReturnedForTheCallerToReport() {
    // Alone each job needs 2 slots, so no schedule reaches a total of 1: the first value (zero
    // prices, the isolated 4) already passes the aim and the search stops there.
    PricedBound.Result bound = PricedBound.of(twoJobs(3), oneNode(), CONCAVE, 1, 1, 10);
    assertThat(bound.total()).isEqualTo(4);
    assertThat(bound.iterations()).isEqualTo(1);
  }
}
