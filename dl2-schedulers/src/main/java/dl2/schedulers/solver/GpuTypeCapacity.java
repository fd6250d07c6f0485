package dl2.schedulers.solver;

import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Task;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster as the optimisers see it (Project: heterogeneous clusters): its GPU types in node
 * order (each name once), the GPUs of each type, every node's type index, and the cores of the
 * whole cluster. A GPU type's name is public (a node label), so reading it is no oracle.
 */
public final class GpuTypeCapacity {
  private final List<GpuType> types;
  private final int[] gpus;
  private final int[] typeOfNode;
  private final int cores;

  private GpuTypeCapacity(List<GpuType> types, int[] gpus, int[] typeOfNode, int cores) {
    this.types = types;
    this.gpus = gpus;
    this.typeOfNode = typeOfNode;
    this.cores = cores;
  }

  public static GpuTypeCapacity of(ClusterSpec spec) {
    List<GpuType> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (NodeGroup group : spec.groups()) {
      if (!names.contains(group.gpuType().name())) {
        names.add(group.gpuType().name());
        types.add(group.gpuType());
      }
    }
    int[] gpus = new int[types.size()];
    int[] typeOfNode = new int[spec.nodes()];
    int node = 0;
    for (NodeGroup group : spec.groups()) {
      int type = names.indexOf(group.gpuType().name());
      gpus[type] += group.count() * group.gpusPerNode();
      for (int i = 0; i < group.count(); i++) {
        typeOfNode[node++] = type;
      }
    }
    return new GpuTypeCapacity(List.copyOf(types), gpus, typeOfNode, spec.totalCores());
  }

  /** K, the number of distinct GPU types. */
  public int typeCount() {
    return types.size();
  }

  public GpuType type(int index) {
    return types.get(index);
  }

  /** GPUs of type {@code index} over the whole cluster. */
  public int gpus(int index) {
    return gpus[index];
  }

  public int totalGpus() {
    int total = 0;
    for (int g : gpus) {
      total += g;
    }
    return total;
  }

  /** The index of node {@code node}'s GPU type. */
  public int typeOfNode(int node) {
    return typeOfNode[node];
  }

  public int cores() {
    return cores;
  }

  /** GPUs a job of {@code type} takes with {@code workers} workers (0 for a type with no GPU). */
  public static int gpusOf(JobType type, int workers) {
    return type.demand(Task.WORKER).gpus() * workers;
  }

  /** Cores a job of {@code type} takes with {@code ps} parameter servers and {@code workers}. */
  public static int coresOf(JobType type, int ps, int workers) {
    return type.demand(Task.PS).cores() * ps + type.demand(Task.WORKER).cores() * workers;
  }
}
