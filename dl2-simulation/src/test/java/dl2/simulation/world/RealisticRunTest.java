package dl2.simulation.world;

import static dl2.simulation.world.WorldFixtures.Job;
import static dl2.simulation.world.WorldFixtures.nodes;
import static dl2.simulation.world.WorldFixtures.parameters;
import static dl2.simulation.world.WorldFixtures.run;
import static dl2.simulation.world.WorldFixtures.withColocated;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.speed.EpochRateSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed slots of the realistic world with the unit model (compute 1 s/sample, communication
 * 1 s/sample, so a job alone and spread does 1/(1 + 1) = 0.5 epochs per slot with T = 115 s).
 */
class RealisticRunTest {
  private static final JobType RESNET = JobType.RESNET_50;
  private static final JobType VGG = JobType.VGG_16;

  @Test
  void aJobAloneWithEveryPairAcrossNodesRunsOnItsCurve() {
    double[] epochs =
        run(parameters(0.25, 0.5), 1)
            .fullSlotEpochs(0, List.of(Job.of(1, RESNET, nodes(0), nodes(1))));
    assertThat(epochs[0]).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void aWorkerAndItsPsOnOneNodeCommunicateAtLambda() {
    // L = 1 (the one pair is local): π = 1 − (1 − 0.25)·1 = 0.25, f = 1/(1 + 0.25) = 0.8.
    double[] epochs =
        run(parameters(0.25, 0.5), 1)
            .fullSlotEpochs(0, List.of(Job.of(1, RESNET, nodes(0), nodes(0))));
    assertThat(epochs[0]).isCloseTo(0.8, within(1e-12));
  }

  @Test
  void placementCountsTheShareOfLocalWorkerPsPairs() {
    // Workers on nodes 0, 1; PSs on 0, 2: of 4 pairs one is local, L = 1/4, π = 1 − 0.75·0.25 =
    // 0.8125.
    double[] epochs =
        run(parameters(0.25, 0.5), 1)
            .fullSlotEpochs(0, List.of(Job.of(1, RESNET, nodes(0, 1), nodes(0, 2))));
    assertThat(epochs[0]).isCloseTo(1 / (1 + 0.8125), within(1e-12));
  }

  @Test
  void twoJobsSharingANodeSlowEachOthersCommunication() {
    // Three nodes. Job 1 (resnet-50): worker on 0, PS on 1. Job 2 (vgg-16): worker and PS on 0.
    // s(resnet | vgg) = 0.5: each vgg task on node 0 adds 1/0.5 − 1 = 1, so I = 1 + 2 = 3 there
    // (node 1 has I = 1); job 1: f = 1/(1 + 3) = 0.25.
    // s(vgg | resnet) = 0.8 adds 0.25 for the resnet worker: I = 1.25; job 2's pair is local
    // (π = 0.25): f = 1/(1 + 0.25·1.25) = 1/1.3125. The job on node 2 alone is untouched.
    WorldParameters p =
        withColocated(withColocated(parameters(0.25, 0.9), RESNET, VGG, 0.5), VGG, RESNET, 0.8);
    double[] epochs =
        run(p, 1)
            .fullSlotEpochs(
                0,
                List.of(
                    Job.of(1, RESNET, nodes(0), nodes(1)),
                    Job.of(2, VGG, nodes(0), nodes(0)),
                    Job.of(3, RESNET, nodes(2), nodes(2))));
    assertThat(epochs[0]).isCloseTo(0.25, within(1e-12));
    assertThat(epochs[1]).isCloseTo(1 / 1.3125, within(1e-12));
    assertThat(epochs[2]).isCloseTo(0.8, within(1e-12));
  }

  @Test
  void aJobWaitsForItsMostCrowdedNode() {
    // Job 1 spans nodes 0 and 1; node 0 hosts one foreign task (I = 2), node 1 two (I = 3): I = 3.
    double[] epochs =
        run(parameters(0.25, 0.5), 1)
            .fullSlotEpochs(
                0,
                List.of(
                    Job.of(1, RESNET, nodes(0), nodes(1)),
                    Job.of(2, RESNET, nodes(0), nodes(2)),
                    Job.of(3, RESNET, nodes(1), nodes(1))));
    assertThat(epochs[0]).isCloseTo(1 / (1 + 3.0), within(1e-12));
  }

  @Test
  void jobsThatDoNotTrainNeitherProgressNorInterfere() {
    // Job 2 holds a worker but no PS: it does nothing and slows no one.
    double[] epochs =
        run(parameters(0.25, 0.5), 1)
            .fullSlotEpochs(
                0,
                List.of(
                    Job.of(1, RESNET, nodes(0), nodes(1)), Job.of(2, RESNET, nodes(0), nodes())));
    assertThat(epochs).containsExactly(0.5, 0.0);
  }

  @Test
  void dryRunsSeeTheIsolatedCurveWhateverThePlacement() {
    RealisticRun world = run(parameters(0.25, 0.5), 1);
    world.fullSlotEpochs(
        0, List.of(Job.of(1, RESNET, nodes(0), nodes(0)), Job.of(2, RESNET, nodes(0), nodes(0))));
    assertThat(world.dryRunEpochsPerSlot(1, RESNET, 1, 1)).isCloseTo(0.5, within(1e-12));
    assertThat(world.dryRunEpochsPerSlot(1, RESNET, 0, 3)).isZero();
  }

  @Test
  void effectsAverageTheFactorsOverTrainingJobSlots() {
    RealisticRun world = run(parameters(0.25, 0.5), 1);
    world.fullSlotEpochs(
        0, List.of(Job.of(1, RESNET, nodes(0), nodes(1)), Job.of(2, RESNET, nodes(0), nodes(2))));
    // Both jobs: I = 2 on node 0, speed 1/3 against 1/2 without interference.
    WorldEffects effects = world.effects();
    assertThat(effects.jobSlots()).isEqualTo(2);
    assertThat(effects.interference()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(effects.slowedFraction()).isEqualTo(1.0);
    assertThat(effects.placement()).isEqualTo(1.0);
    assertThat(effects.variation()).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void theRealisticWorldNeedsASplitSpeedModel() {
    EpochRateSpeed opaque = new EpochRateSpeed((t, p, w) -> 1.0);
    assertThatThrownBy(() -> new RealisticWorld(parameters(0.25, 0.5)).start(opaque, 1200, 0, 1))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("--speed-table");
  }
}
