package dl2.kubernetes.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import dl2.model.NodeGroup;
import io.fabric8.kubernetes.api.model.Node;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node's GPU type from its label: NVIDIA feature discovery's product names map to the catalogue
 * by their first word that names a type; no label or an unknown product is the default type; the
 * inventory's node groups follow the types in name order.
 */
class GpuTypeLabelTest {
  private static Node labelled(String name, String key, String value) {
    Node node = NodeInventoryTest.node(name, "8", "2", "True");
    if (value != null) {
      node.getMetadata().setLabels(new java.util.TreeMap<>(java.util.Map.of(key, value)));
    }
    return node;
  }

  private static Node product(String name, String value) {
    return labelled(name, GpuTypeLabel.DEFAULT_KEY, value);
  }

  @Test
  void nvidiaProductNamesMapToTheCatalogue() {
    assertThat(GpuTypeLabel.typeOf("Tesla-V100-SXM2-16GB")).contains(GpuCatalogue.V100);
    assertThat(GpuTypeLabel.typeOf("NVIDIA-A100-SXM4-40GB")).contains(GpuCatalogue.A100);
    assertThat(GpuTypeLabel.typeOf("NVIDIA-A100-80GB-PCIe")).contains(GpuCatalogue.A100);
    assertThat(GpuTypeLabel.typeOf("Tesla-T4")).contains(GpuCatalogue.T4);
    assertThat(GpuTypeLabel.typeOf("Tesla-K80")).contains(GpuCatalogue.K80);
    assertThat(GpuTypeLabel.typeOf("Tesla-P100-PCIE-16GB")).contains(GpuCatalogue.P100);
    assertThat(GpuTypeLabel.typeOf("v100")).contains(GpuCatalogue.V100);
  }

  @Test
  void anUnknownProductOrNoLabelIsTheDefaultType() {
    assertThat(GpuTypeLabel.typeOf("NVIDIA-H100-80GB-HBM3")).isEmpty();
    assertThat(GpuTypeLabel.typeOf("default")).isEmpty();
    assertThat(GpuTypeLabel.DEFAULT.of(product("a", "NVIDIA-H100-80GB-HBM3")))
        .isEqualTo(GpuType.DEFAULT);
    assertThat(GpuTypeLabel.DEFAULT.of(product("a", null))).isEqualTo(GpuType.DEFAULT);
  }

  @Test
  void everyCatalogueTypesProductNamesItBack() {
    for (GpuType type : GpuCatalogue.ALL) {
      String value = GpuTypeLabel.productOf(type);
      if (type.equals(GpuType.DEFAULT)) {
        assertThat(value).isNull();
      } else {
        assertThat(GpuTypeLabel.typeOf(value)).as(value).contains(type);
      }
    }
  }

  @Test
  void anotherLabelKeyCanBeNamed() {
    GpuTypeLabel own = new GpuTypeLabel("example.com/gpu");
    Node node = labelled("a", "example.com/gpu", "t4");
    assertThat(own.of(node)).isEqualTo(GpuCatalogue.T4);
    assertThat(GpuTypeLabel.DEFAULT.of(node)).isEqualTo(GpuType.DEFAULT);
    assertThatThrownBy(() -> new GpuTypeLabel("two words"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * Nodes in name order a (k80), b (v100), c (cordoned, v100), d (v100), e (no label): the groups
   * are 1 k80, 2 v100 (b, d) and 1 default; b and d keep their type whatever is left out.
   */
  @Test
  void theInventoryGroupsNodesByTypeInNameOrder() {
    Node cordoned = product("c", "Tesla-V100-SXM2-16GB");
    cordoned.getSpec().setUnschedulable(true);
    NodeInventory inventory =
        NodeInventory.of(
            List.of(
                product("e", null),
                product("d", "Tesla-V100-SXM2-16GB"),
                cordoned,
                product("b", "Tesla-V100-SXM2-32GB"),
                product("a", "Tesla-K80")),
            TaintToleration.STANDARD,
            Instant.EPOCH,
            Duration.ZERO,
            GpuTypeLabel.DEFAULT);
    assertThat(inventory.names()).containsExactly("a", "b", "d", "e");
    assertThat(inventory.spec())
        .isEqualTo(
            new ClusterSpec(
                List.of(
                    new NodeGroup(1, 8, 2, GpuCatalogue.K80),
                    new NodeGroup(2, 8, 2, GpuCatalogue.V100),
                    new NodeGroup(1, 8, 2, GpuType.DEFAULT))));
    assertThat(inventory.spec().gpuType(inventory.indexOf("d"))).isEqualTo(GpuCatalogue.V100);
  }

  @Test
  void unlabelledNodesAreOneGroupOfTheDefaultTypeAsBefore() {
    NodeInventory inventory = NodeInventory.of(List.of(product("a", null), product("b", null)));
    assertThat(inventory.spec()).isEqualTo(new ClusterSpec(2, 8, 2));
    assertThat(inventory.spec().toString()).isEqualTo(new ClusterSpec(2, 8, 2).toString());
  }
}
