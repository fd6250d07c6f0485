package dl2.learning.state;

import dl2.learning.speeds.ClusterGpuTypes;
import dl2.learning.speeds.GpuTypeSpeeds;
import dl2.slot.JobView;
import dl2.slot.PlacementView;

/**
 * What a cluster observes of one GPU type, for a column of the typed encoding ({@link
 * TypedEncoding}), after its placed features: which of the cluster's types it is (one-hot, in node
 * order); how fast the job's model and the job itself were measured to run there against their best
 * measured type, each with a "measured" flag ({@link GpuTypeSpeeds}); and the share of the job's
 * workers on it. The beside-own column describes the type of the node it takes for a worker; all 0
 * where that column has none. How free each type is goes once into the state, not into every column
 * ({@link TypedGlobals}): a task changes it for every column of its type.
 */
final class TypedFeatures {
  /** Features per column. */
  static final int COUNT = TypedKind.MAX_TYPES + 5;

  private TypedFeatures() {}

  /** Writes the features of GPU type {@code type} (-1: none) into {@code out[offset..)}. */
  static void encode(
      JobView job, int type, PlacementView view, GpuTypeSpeeds speeds, double[] out, int offset) {
    java.util.Arrays.fill(out, offset, offset + COUNT, 0);
    ClusterGpuTypes types = speeds.types();
    if (type < 0 || types == null || type >= types.count()) {
      return;
    }
    out[offset + type] = 1;
    int at = offset + TypedKind.MAX_TYPES;
    double model = speeds.modelSpeed(job.type(), type);
    out[at] = Double.isNaN(model) ? 0 : model;
    out[at + 1] = Double.isNaN(model) ? 0 : 1;
    double own = speeds.jobSpeed(job.id(), type);
    out[at + 2] = Double.isNaN(own) ? 0 : own;
    out[at + 3] = Double.isNaN(own) ? 0 : 1;
    out[at + 4] = workerShare(job, type, view, types);
  }

  /** The share of the job's workers on nodes of {@code type} (0 without workers). */
  static double workerShare(JobView job, int type, PlacementView view, ClusterGpuTypes types) {
    int all = 0;
    int onType = 0;
    for (int i = 0; i < view.nodesOf(job); i++) {
      int node = view.nodeOf(job, i);
      int workers = view.workersOf(job, node);
      all += workers;
      if (types.typeOf(node) == type) {
        onType += workers;
      }
    }
    return all == 0 ? 0 : (double) onType / all;
  }
}
