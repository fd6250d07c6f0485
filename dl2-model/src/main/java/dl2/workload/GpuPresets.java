package dl2.workload;

import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import dl2.model.NodeGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * Clusters of several GPU types at the paper-dense and paper-small loads (Project: heterogeneous
 * clusters, docs/heterogeneous-clusters.md): Gavel's K80/P100/V100 and ElasticFlow's T4/A100, one
 * group per type of equal size, slowest first. Node counts give about the speed-weighted capacity
 * of the paper preset: each type's node counts as the mean of its factors over the six GPU job
 * types, so 24 nodes of each Gavel type weigh 24·(0.193 + 0.744 + 1) ≈ 46.5 paper-dense nodes (48)
 * and 34 of each ElasticFlow type 34·(0.419 + 1) ≈ 48.2.
 */
public final class GpuPresets {
  private GpuPresets() {}

  /** Gavel's K80, P100 and V100, {@code perType} nodes each, at {@code base}'s load. */
  static Preset gavel(Preset base, String name, int perType) {
    return like(base, name, perType, GpuCatalogue.K80, GpuCatalogue.P100, GpuCatalogue.V100);
  }

  /** ElasticFlow's T4 and A100, {@code perType} nodes each, at {@code base}'s load. */
  static Preset a100t4(Preset base, String name, int perType) {
    return like(base, name, perType, GpuCatalogue.T4, GpuCatalogue.A100);
  }

  /** {@code base}'s cap, window, slot and workload on {@code perType} nodes of each type. */
  private static Preset like(Preset base, String name, int perType, GpuType... types) {
    ClusterSpec shape = base.cluster();
    List<NodeGroup> groups = new ArrayList<>();
    for (GpuType type : types) {
      groups.add(new NodeGroup(perType, shape.coresPerNode(), shape.gpusPerNode(), type));
    }
    return new Preset(
        name,
        new ClusterSpec(groups),
        base.taskCap(),
        base.window(),
        base.slotSeconds(),
        base.workload(),
        base.world());
  }
}
