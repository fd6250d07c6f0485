package dl2.kubernetes.api;

import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import io.fabric8.kubernetes.api.model.Node;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A node's GPU type from one of its labels (Project: heterogeneous clusters, docs/kubernetes.md):
 * by default NVIDIA GPU feature discovery's {@code nvidia.com/gpu.product}. Its value is cut into
 * words at every character that is not a letter or digit, in lower case; the first word that names
 * a type of the catalogue gives the type ("Tesla-V100-SXM2-16GB" is v100, "NVIDIA-A100-SXM4-40GB"
 * a100, "Tesla-T4" t4). A node without the label, or whose value names no catalogued type (e.g. an
 * H100), is of the {@code default} type, which runs at dl2's own pace.
 *
 * @param key the label's key
 */
public record GpuTypeLabel(String key) {
  /** NVIDIA GPU feature discovery's label of the GPU model. */
  public static final String DEFAULT_KEY = "nvidia.com/gpu.product";

  public static final GpuTypeLabel DEFAULT = new GpuTypeLabel(DEFAULT_KEY);

  public GpuTypeLabel {
    if (key == null || key.isBlank() || key.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("a label key has no spaces: '" + key + "'");
    }
  }

  /** {@code node}'s GPU type. */
  public GpuType of(Node node) {
    Map<String, String> labels = node.getMetadata() == null ? null : node.getMetadata().getLabels();
    String value = labels == null ? null : labels.get(key);
    return value == null ? GpuType.DEFAULT : typeOf(value).orElse(GpuType.DEFAULT);
  }

  /** The catalogued type a label value names, if one of its words does. */
  public static Optional<GpuType> typeOf(String value) {
    for (String word : value.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      Optional<GpuType> type = GpuCatalogue.byName(word);
      if (type.isPresent() && !type.get().equals(GpuType.DEFAULT)) {
        return type;
      }
    }
    return Optional.empty();
  }

  /**
   * The value NVIDIA's feature discovery gives a GPU of {@code type} (an emulated node's label), or
   * null for the default type, whose nodes carry none.
   */
  public static String productOf(GpuType type) {
    return switch (type.name()) {
      case "k80" -> "Tesla-K80";
      case "p100" -> "Tesla-P100-PCIE-16GB";
      case "v100" -> "Tesla-V100-SXM2-16GB";
      case "a100" -> "NVIDIA-A100-SXM4-40GB";
      case "t4" -> "Tesla-T4";
      case "default" -> null;
      default -> type.name();
    };
  }
}
