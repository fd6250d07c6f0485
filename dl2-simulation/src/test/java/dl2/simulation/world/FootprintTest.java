package dl2.simulation.world;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import org.junit.jupiter.api.Test;

class FootprintTest {
  @Test
  void mergesWorkerAndPsNodesInNodeOrder() {
    Footprint f =
        Footprint.of(WorldFixtures.Job.of(1, JobType.WLM, new int[] {4, 1, 4}, new int[] {2, 4}));
    assertThat(f.nodes).containsExactly(1, 2, 4);
    assertThat(f.workers).containsExactly(1, 0, 2);
    assertThat(f.parameterServers).containsExactly(0, 1, 1);
    assertThat(f.tasks(2)).isEqualTo(3);
    assertThat(f.maxNode()).isEqualTo(4);
  }

  @Test
  void localPairFractionCountsWorkerPsPairsOnOneNode() {
    // Workers 4, 1, 4; PSs 2, 4: 6 pairs, local ones are (4, 4) twice: L = 2/6.
    Footprint f =
        Footprint.of(WorldFixtures.Job.of(1, JobType.WLM, new int[] {4, 1, 4}, new int[] {2, 4}));
    assertThat(f.localPairFraction()).isEqualTo(2.0 / 6);
    assertThat(
            Footprint.of(WorldFixtures.Job.of(1, JobType.WLM, new int[] {3}, new int[] {3}))
                .localPairFraction())
        .isEqualTo(1.0);
    assertThat(
            Footprint.of(WorldFixtures.Job.of(1, JobType.WLM, new int[] {3}, new int[] {}))
                .localPairFraction())
        .isZero();
  }
}
