package dl2.simulation.world;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import org.junit.jupiter.api.Test;

/** The most (worker, PS) pairs that can share a node, on the paper's 8-core, 2-GPU nodes. */
class LocalPairKnapsackTest {
  private static final Resources NODE = new Resources(8, 2);

  private static LocalPairKnapsack of(JobType type) {
    return new LocalPairKnapsack(NODE, type.demand(Task.WORKER), type.demand(Task.PS), 16, 16);
  }

  @Test
  void gpuJobsShareAtMostTwoWorkersAndTwoPsPerNode() {
    LocalPairKnapsack gpu = of(JobType.RESNET_50);
    assertThat(gpu.maxFraction(2, 2)).isEqualTo(1); // one node holds all four
    assertThat(gpu.maxFraction(3, 1)).isEqualTo(1); // 1 worker + 3 PSs fill a node
    assertThat(gpu.maxFraction(1, 3)).isEqualTo(2.0 / 3); // a node takes at most 2 GPU workers
    assertThat(gpu.maxFraction(16, 16)).isEqualTo(32.0 / 256); // 8 nodes of 2 + 2
  }

  @Test
  void cpuWorkersAreLimitedByCoresOnly() {
    LocalPairKnapsack cpu = of(JobType.DSSM);
    assertThat(cpu.maxFraction(1, 3)).isEqualTo(1);
    assertThat(cpu.maxFraction(4, 4)).isEqualTo(8.0 / 16); // two nodes of 2 + 2
  }
}
