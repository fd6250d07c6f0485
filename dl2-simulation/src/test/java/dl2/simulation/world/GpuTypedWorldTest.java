package dl2.simulation.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The speed rule on a cluster of node 0 (a type at 0.5 for resnet-50) and nodes 1–2 (the default
 * type, 1), in the exact world with {@link WorldFixtures#UNIT}: alone a job does f·T/epoch = 0.5 ·
 * 115 / 115 = 0.5 epochs per slot at any (p, w).
 */
class GpuTypedWorldTest {
  private static final double[] HALF_FOR_RESNET = {0.5, 1, 1, 1, 1, 1, 1, 0.25};
  private static final GpuType SLOW = new GpuType("slow", HALF_FOR_RESNET);
  private static final ClusterSpec MIXED =
      new ClusterSpec(
          List.of(new NodeGroup(1, 8, 2, SLOW), new NodeGroup(2, 8, 2, GpuType.DEFAULT)));

  private static WorldRun run() {
    return GpuTypedWorld.over(ExactWorld.INSTANCE, MIXED)
        .start(WorldFixtures.UNIT, WorldFixtures.SLOT_SECONDS, 0, 1);
  }

  @Test
  void aJobWithOneWorkerOnTheSlowTypeRunsAtTheSlowestWorkersPace() {
    // Workers on nodes 0 (0.5) and 1 (1): min = 0.5, so 0.5 · 0.5 = 0.25 epochs.
    var job = new WorldFixtures.Job(1, JobType.RESNET_50, new int[] {0, 1}, new int[] {2});
    assertThat(run().fullSlotEpochs(0, List.of(job))[0]).isCloseTo(0.25, within(1e-12));
  }

  @Test
  void aJobOnlyOnFastNodesKeepsItsPaceAndPsNodesDoNotCount() {
    // Workers on nodes 1 and 2 (1), the PS on the slow node 0: PSs compute no gradients, 0.5.
    var job = new WorldFixtures.Job(1, JobType.RESNET_50, new int[] {1, 2}, new int[] {0});
    assertThat(run().fullSlotEpochs(0, List.of(job))[0]).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void theFactorIsPerJobType() {
    // wlm (epoch 165 samples) on node 0, factor 0.25: 0.5 · 115 / 165 · 0.25; the cpu-only dssm
    // (epoch 349) keeps its own pace there, 0.5 · 115 / 349.
    var wlm = new WorldFixtures.Job(1, JobType.WLM, new int[] {0}, new int[] {0});
    var dssm = new WorldFixtures.Job(2, JobType.DSSM, new int[] {0}, new int[] {0});
    double[] epochs = run().fullSlotEpochs(0, List.of(wlm, dssm));
    assertThat(epochs[0]).isCloseTo(0.5 * 115 / 165 * 0.25, within(1e-12));
    assertThat(epochs[1]).isCloseTo(0.5 * 115 / 349, within(1e-12));
  }

  @Test
  void theBoundsCeilingTakesTheFastestTypeOfTheCluster() {
    // The default type (1) is on the cluster: the ceiling stays the type curve, 0.5.
    double peak = run().speedCeiling().peakEpochsPerSlot(1, JobType.RESNET_50, 1, 1, 0);
    assertThat(peak).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void aClusterOfOnlySlowNodesLowersTheCeiling() {
    // Only the slow type: the fastest factor for resnet-50 is 0.5, so 0.5 · 0.5.
    ClusterSpec slow = new ClusterSpec(List.of(new NodeGroup(2, 8, 2, SLOW)));
    WorldRun run =
        GpuTypedWorld.over(ExactWorld.INSTANCE, slow)
            .start(WorldFixtures.UNIT, WorldFixtures.SLOT_SECONDS, 0, 1);
    assertThat(run.speedCeiling().peakEpochsPerSlot(1, JobType.RESNET_50, 1, 1, 0))
        .isCloseTo(0.25, within(1e-12));
  }

  @Test
  void aSingleDefaultTypeClusterRunsTheBaseWorldItself() {
    assertThat(GpuTypedWorld.over(ExactWorld.INSTANCE, ClusterSpec.ofNodes(3)))
        .isSameAs(ExactWorld.INSTANCE);
  }

  @Test
  void inTheRealisticWorldTheFactorMultipliesWhatTheWorldSays() {
    // Same seed, same jobs: the realistic world's epochs (placement and interference included),
    // times 0.5 for the resnet-50 job with a worker on node 0, times 1 for the one on nodes 1–2.
    RealisticWorld realistic = new RealisticWorld(WorldFixtures.parameters(0.5, 0.8));
    var slowJob = new WorldFixtures.Job(1, JobType.RESNET_50, new int[] {0, 1}, new int[] {1});
    var fastJob = new WorldFixtures.Job(2, JobType.RESNET_50, new int[] {1, 2}, new int[] {2});
    double[] plain =
        realistic
            .start(WorldFixtures.UNIT, WorldFixtures.SLOT_SECONDS, 0, 7)
            .fullSlotEpochs(3, List.of(slowJob, fastJob));
    double[] typed =
        GpuTypedWorld.over(realistic, MIXED)
            .start(WorldFixtures.UNIT, WorldFixtures.SLOT_SECONDS, 0, 7)
            .fullSlotEpochs(3, List.of(slowJob, fastJob));
    assertThat(plain[0]).isPositive();
    assertThat(typed[0]).isEqualTo(plain[0] * 0.5);
    assertThat(typed[1]).isEqualTo(plain[1]);
  }
}
