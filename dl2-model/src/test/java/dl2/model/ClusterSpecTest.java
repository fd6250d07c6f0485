package dl2.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Node groups: one index order through the groups, one node shape, scaling by group shares. */
class ClusterSpecTest {
  private static final ClusterSpec THREE_TYPES =
      new ClusterSpec(
          List.of(
              new NodeGroup(2, 8, 2, GpuCatalogue.K80),
              new NodeGroup(1, 8, 2, GpuCatalogue.P100),
              new NodeGroup(3, 8, 2, GpuCatalogue.V100)));

  @Test
  void nodeIndicesRunThroughTheGroupsInOrder() {
    assertThat(THREE_TYPES.nodes()).isEqualTo(6);
    assertThat(THREE_TYPES.gpuTypes())
        .extracting(GpuType::name)
        .containsExactly("k80", "k80", "p100", "v100", "v100", "v100");
    assertThat(THREE_TYPES.gpuType(2)).isEqualTo(GpuCatalogue.P100);
    assertThat(THREE_TYPES.totalGpus()).isEqualTo(12);
    assertThat(THREE_TYPES.nodeSummary()).isEqualTo("6 nodes: 2 k80, 1 p100, 3 v100");
    assertThat(ClusterSpec.ofNodes(48).nodeSummary()).isEqualTo("48 nodes");
  }

  @Test
  void theOldThreeNumberClusterIsOneDefaultGroupAndPrintsAsBefore() {
    ClusterSpec plain = ClusterSpec.ofNodes(48);
    assertThat(plain.groups()).containsExactly(new NodeGroup(48, 8, 2, GpuType.DEFAULT));
    assertThat(plain.uniformSpeed()).isTrue();
    assertThat(plain).hasToString("ClusterSpec[nodes=48, coresPerNode=8, gpusPerNode=2]");
    assertThat(plain.withNodes(12)).isEqualTo(ClusterSpec.ofNodes(12));
  }

  @Test
  void scalingKeepsEachGroupsShareAndAtLeastOneNodeEach() {
    // 6 → 12: p100 1·12/6 = 2, v100 3·12/6 = 6, the first group (k80) the rest: 12 − 2 − 6 = 4.
    // 6 → 2: p100 round(1/3) = 0 → 1, v100 1, k80 max(1, 2 − 2) = 1 (at least one node each).
    ClusterSpec doubled = THREE_TYPES.withNodes(12);
    assertThat(doubled.groups()).extracting(NodeGroup::count).containsExactly(4, 2, 6);
    assertThat(THREE_TYPES.withNodes(2).groups())
        .extracting(NodeGroup::count)
        .containsExactly(1, 1, 1);
    assertThatThrownBy(() -> THREE_TYPES.withNodes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a cluster needs at least 1 node, got 0");
  }

  @Test
  void groupsOfDifferentNodeShapesAreRefused() {
    assertThatThrownBy(
            () ->
                new ClusterSpec(
                    List.of(
                        new NodeGroup(1, 8, 2, GpuCatalogue.K80),
                        new NodeGroup(1, 16, 4, GpuCatalogue.V100))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the same cores and GPUs per node");
  }

  @Test
  void speedFactorsAboveOneAreRefusedSoCurvesStayTheFastest() {
    assertThatThrownBy(() -> new GpuType("fast", new double[] {2, 1, 1, 1, 1, 1, 1, 1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(0, 1]");
  }

  @Test
  void cpuOnlyTypesRunAtTheirOwnPaceOnEveryGpu() {
    assertThat(GpuCatalogue.K80.factor(JobType.DSSM)).isEqualTo(1);
    assertThat(GpuCatalogue.K80.factor(JobType.RESNET_50)).isEqualTo(0.1583);
  }
}
