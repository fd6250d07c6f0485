package dl2.learning.state;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.learning.speeds.GpuTypeSpeeds;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Task;
import dl2.placement.LeastLoaded;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedSlot;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per-type speeds measured on node 0 with K80s and node 1 with V100s, and the rule that follows
 * them. One resnet-50 job of a million epochs holds one worker and one PS: on node 0 in slot 0, on
 * node 1 in slot 1, a worker on each node in slot 2. In the exact world it makes the curve's epochs
 * at (1, 1) times the type's factor, so slot 0's measurement over slot 1's is the K80's factor for
 * resnet-50 (0.1583, the catalogue's), whatever the curve fitted to both reads.
 */
class PreferredTypeTest {
  private static final ClusterSpec K80_V100 =
      new ClusterSpec(
          List.of(
              new NodeGroup(1, 8, 2, GpuCatalogue.K80), new NodeGroup(1, 8, 2, GpuCatalogue.V100)));
  private static final int[][] WORKER_NODES = {{0}, {1}, {0, 1}};

  private final Simulator simulator = simulator(K80_V100, 4, job(1, JobType.RESNET_50, 0, 1e6));
  private final MeasuredSpeeds measured = new MeasuredSpeeds();
  private final GpuTypeSpeeds typeSpeeds = new GpuTypeSpeeds();
  private final PreferredType preferred =
      new PreferredType(typeSpeeds, new TypeNodeMemo()); // asked in one slot

  /** Runs slots until slot {@code last} starts, placing the job as above; returns that slot. */
  private PlacedSlot runUntil(int last) {
    for (int s = 0; ; s++) {
      PlacedSlot slot = new PlacedSlot(simulator.beginSlot(), new LeastLoaded());
      typeSpeeds.startSlot(slot, measured.atSlotStart(slot));
      if (s == last) {
        return slot;
      }
      JobView job = slot.jobs().get(0);
      for (int node : WORKER_NODES[s]) {
        assertThat(slot.tryAddOn(node, job, Task.WORKER)).isTrue();
      }
      assertThat(slot.tryAddOn(WORKER_NODES[s][0], job, Task.PS)).isTrue();
      measured.decided(slot);
      typeSpeeds.endSlot(slot, slot.occupancy());
      simulator.endSlot();
    }
  }

  @Test
  void aTypesSpeedIsTheRatioOfWhatTheJobMadeThereToItsBestType() {
    runUntil(2);
    double k80 = GpuCatalogue.K80.factor(JobType.RESNET_50);
    assertThat(typeSpeeds.modelSpeed(JobType.RESNET_50, 0)).isCloseTo(k80, within(1e-9));
    assertThat(typeSpeeds.modelSpeed(JobType.RESNET_50, 1)).isEqualTo(1);
    assertThat(typeSpeeds.jobSpeed(1, 0)).isCloseTo(k80, within(1e-9));
    assertThat(typeSpeeds.modelSpeed(JobType.VGG_16, 0)).isNaN();
  }

  /**
   * Slot 2's workers spanned both types, and it ran at the K80's pace with two workers: counted for
   * the K80, it would move the K80's mean; the ratio stays the factor.
   */
  @Test
  void aSlotOfMixedTypesCountsForNeither() {
    runUntil(3);
    double k80 = GpuCatalogue.K80.factor(JobType.RESNET_50);
    assertThat(typeSpeeds.modelSpeed(JobType.RESNET_50, 0)).isCloseTo(k80, within(1e-9));
  }

  /** Before any measurement both types are untried and fully free: the lower index, the K80. */
  @Test
  void theRuleTriesAnUntriedTypeFirst() {
    PlacedSlot first = runUntil(0);
    JobView job = first.jobs().get(0);
    assertThat(preferred.nodeFor(job, Task.WORKER, first.occupancy())).isZero();
  }

  /**
   * After slot 0 on the K80 alone, the K80 is the model's best measured type (1) and the V100
   * untried: the V100 comes first, although both types are fully free and the K80 has the lower
   * index.
   */
  @Test
  void anUntriedTypeComesBeforeTheBestMeasuredOne() {
    PlacedSlot second = runUntil(1);
    JobView job = second.jobs().get(0);
    assertThat(typeSpeeds.modelSpeed(JobType.RESNET_50, 0)).isEqualTo(1);
    assertThat(typeSpeeds.modelSpeed(JobType.RESNET_50, 1)).isNaN();
    assertThat(preferred.nodeFor(job, Task.WORKER, second.occupancy())).isEqualTo(1);
  }

  /** Once measured, the job's tasks go to its fastest type, the V100. */
  @Test
  void afterMeasuringTheRulePrefersTheFastestType() {
    PlacedSlot third = runUntil(2);
    JobView job = third.jobs().get(0);
    assertThat(preferred.nodeFor(job, Task.WORKER, third.occupancy())).isEqualTo(1);
    assertThat(preferred.nodeFor(job, Task.BUNDLE, third.occupancy())).isEqualTo(1);
  }
}
