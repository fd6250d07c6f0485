package dl2.bounds;

import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * The GPUs of each GPU type of a cluster as a capacity of their own, for the priced bound's price
 * per type (docs/design.md, "Lower bounds on average JCT"): pools in order of the types' first
 * groups, each with its GPUs and a speed factor per job type. A single-type cluster is one pool
 * holding every GPU.
 */
final class GpuPools {
  private final List<GpuType> types;
  private final int[] gpus;

  private GpuPools(List<GpuType> types, int[] gpus) {
    this.types = types;
    this.gpus = gpus;
  }

  static GpuPools of(ClusterSpec cluster) {
    List<GpuType> types = new ArrayList<>();
    List<Integer> gpus = new ArrayList<>();
    for (NodeGroup group : cluster.groups()) {
      int pool = types.indexOf(group.gpuType());
      if (pool < 0) {
        types.add(group.gpuType());
        gpus.add(0);
        pool = types.size() - 1;
      }
      gpus.set(pool, gpus.get(pool) + group.count() * group.gpusPerNode());
    }
    return new GpuPools(List.copyOf(types), gpus.stream().mapToInt(Integer::intValue).toArray());
  }

  /** How many pools: the cluster's distinct GPU types. */
  int size() {
    return types.size();
  }

  /** The GPUs of every pool, by pool index. */
  int[] gpus() {
    return gpus.clone();
  }

  /** How fast {@code type} trains on pool {@code pool}'s GPUs relative to dl2's curve. */
  double factor(int pool, JobType type) {
    return types.get(pool).factor(type);
  }

  /** The fastest pool's factor for {@code type}. */
  double fastestFactor(JobType type) {
    double fastest = 0;
    for (int pool = 0; pool < size(); pool++) {
      fastest = Math.max(fastest, factor(pool, type));
    }
    return fastest;
  }

  /**
   * The pool whose GPUs cost least at {@code unitPrices} (price per GPU of each pool), the first on
   * a tie.
   */
  static int cheapest(double[] unitPrices) {
    int cheapest = 0;
    for (int pool = 1; pool < unitPrices.length; pool++) {
      if (unitPrices[pool] < unitPrices[cheapest]) {
        cheapest = pool;
      }
    }
    return cheapest;
  }
}
