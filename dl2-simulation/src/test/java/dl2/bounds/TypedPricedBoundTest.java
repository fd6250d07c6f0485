package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.speed.EpochRateSpeed;
import dl2.speed.SpeedModel;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed priced bounds with a price per GPU type. Two nodes of 8 cores and 2 GPUs, cap 2:
 * node 0 of a slow type (every GPU job at half the curve's pace), node 1 of a fast one (the curve's
 * pace); a resnet-50 worker takes 2 cores and a GPU, a PS 2 cores; w epochs per slot with w
 * workers.
 */
class TypedPricedBoundTest {
  private static final SpeedModel PER_WORKER = new EpochRateSpeed((t, p, w) -> w);

  private static final GpuType SLOW = halfPace();

  private static final GpuType FAST = GpuType.uniform("fast");

  private static GpuType halfPace() {
    double[] factors = new double[JobType.values().length];
    Arrays.fill(factors, 0.5);
    return new GpuType("slow", factors);
  }

  private static SimulationConfig nodes(GpuType first, GpuType second) {
    ClusterSpec cluster =
        new ClusterSpec(List.of(new NodeGroup(1, 8, 2, first), new NodeGroup(1, 8, 2, second)));
    return new SimulationConfig(cluster, 2, 1200, 0, 1000);
  }

  private static final Trace TWO_JOBS =
      new Trace(
          "hand",
          List.of(
              JobSpec.exact(1, JobType.RESNET_50, 0, 2),
              JobSpec.exact(2, JobType.RESNET_50, 0, 2)));

  @Test
  void aPriceOnTheFastGpusAloneChargesTheJobsThatRaceForThem() {
    // μ = 1/2 on the fast type's 2 GPUs in slot 0 (1/4 a GPU), nothing on the slow ones. Each job
    // (2 epochs): completing in slot 0 takes both fast GPUs (2 epochs): 1/2 + 2 · 1/2 = 3/2.
    // Completing in slot 1 (unpriced) costs 1 + slot 0's cheapest epoch, free on the slow node
    // (two workers, 1 epoch), + 1 epoch at 1/2 (slot 1 at 2 a slot, or slot 0's fast GPUs at
    // 1/2 an epoch) = 3/2. So 2 · 3/2 − 1/2 = 5/2.
    double[][] gpuPrice = {{0}, {0.5}};
    assertThat(PricedBound.at(TWO_JOBS, nodes(SLOW, FAST), PER_WORKER, 1, new double[1], gpuPrice))
        .isCloseTo(2.5, within(1e-12));
  }

  @Test
  void theSimulatorReachesItWhereTheFastestTypeEverywhereGivesLess() {
    // Job 1 takes the fast node in slot 0 (JCT 1); job 2 does 1 epoch on the slow node, then its
    // last epoch on the fast one in half a slot (JCT 3/2): 5/2, which the bound meets. The fastest
    // type on every node (the bound before GPU types had prices of their own) lets both jobs take
    // two fast GPUs at once: 1 + 1 = 2.
    SimulationConfig config = nodes(SLOW, FAST);
    Simulator sim = new Simulator(config, TWO_JOBS, PER_WORKER, 1);
    place(sim, new int[] {1, 0});
    place(sim, new int[] {-1, 1});
    assertThat(sim.result().averageJct() * 2).isCloseTo(2.5, within(1e-12));
    assertThat(PricedBound.of(TWO_JOBS, config, PER_WORKER, 1, 2.5, 1000).total())
        .isCloseTo(2.5, within(1e-3))
        .isLessThanOrEqualTo(2.5 * (1 + 1e-12));
    assertThat(CapacityBound.of(TWO_JOBS, config, PER_WORKER, 1, 2.5).total())
        .isCloseTo(2.5, within(1e-3));
    assertThat(CapacityBound.of(TWO_JOBS, nodes(FAST, FAST), PER_WORKER, 1, 2.5).total())
        .isEqualTo(2);
  }

  @Test
  void workersOnTheSlowTypeCostItsPriceAndRunAtItsPace() {
    // μ = 1 on the slow type's GPUs in slot 0 (1/2 a GPU), nothing on the fast ones: one job of 2
    // epochs completes in slot 0 on the two free fast GPUs, 2 epochs at 1/2 = 1; nothing is
    // charged for the slow GPUs it does not hold, so 1 − 1 = 0. With μ = 1 on the fast type
    // instead, completing in slot 0 costs 1 + 1 = 2, in slot 1 1 + 0 (1 free slow epoch) + 1/2 (1
    // epoch at 2 a slot): 3/2 − 1 = 1/2.
    Trace one = new Trace("hand", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 2)));
    SimulationConfig config = nodes(SLOW, FAST);
    assertThat(PricedBound.at(one, config, PER_WORKER, 1, new double[1], new double[][] {{1}, {0}}))
        .isCloseTo(0, within(1e-12));
    assertThat(PricedBound.at(one, config, PER_WORKER, 1, new double[1], new double[][] {{0}, {1}}))
        .isCloseTo(0.5, within(1e-12));
  }

  /**
   * One slot: job k (by id) gets a PS and two workers on node {@code nodes[k]}, or nothing at −1.
   */
  private static void place(Simulator sim, int[] nodes) {
    SlotContext slot = sim.beginSlot();
    for (JobView job : sim.outstandingJobs()) {
      int node = nodes[job.id() - 1];
      if (node >= 0) {
        slot.tryAddOn(node, job, Task.PS);
        slot.tryAddOn(node, job, Task.WORKER);
        slot.tryAddOn(node, job, Task.WORKER);
      }
    }
    sim.endSlot();
  }
}
