package dl2.learning.state;

import dl2.learning.speeds.ClusterGpuTypes;
import dl2.learning.speeds.GpuTypeSpeeds;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/**
 * The typed encoding's rule for a task no action placed (the start-of-slot bundle) and for a
 * teacher's task in the warm-up (Project: DL2 choosing the type): the least-loaded node, with room,
 * of the GPU type the job's model was measured to run fastest on ({@link GpuTypeSpeeds}, pooled
 * over the model's jobs, as {@code fastest-type} pools them). A type the model was not measured on
 * yet comes first, so every type is tried once; ties go to the type with the larger share of its
 * GPUs free, then the lower index. It reads the types' names and what was measured, never how fast
 * a type is.
 *
 * <p>Why the model's measurements and not the job's own: a job measured on one type only reads 1
 * there (its best measured type), which tied with the model's best type and left it on a slow type
 * whose GPUs were freer. The start-of-slot bundle fixes each job's type for the slot, so this rule
 * decides the type of every job the policy and the warm-up's teacher touch
 * (docs/heterogeneous-clusters.md, "DL2 choosing the type").
 */
final class PreferredType implements Placement {
  static final String NAME = "preferred-type";

  /** Above every measured relative speed (at most 1): an untried type is tried first. */
  static final double UNTRIED = 2;

  private final GpuTypeSpeeds speeds;
  private final TypeNodeMemo memo;

  PreferredType(GpuTypeSpeeds speeds, TypeNodeMemo memo) {
    this.speeds = speeds;
    this.memo = memo;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int nodeFor(JobView job, Task task, PlacementView view) {
    ClusterGpuTypes types = speeds.types();
    if (types == null) {
      return view.cluster().leastLoadedFitting(job.type().demand(task));
    }
    Resources demand = job.type().demand(task);
    int best = Placement.NOWHERE;
    double bestSpeed = Double.NEGATIVE_INFINITY;
    double bestFree = Double.NEGATIVE_INFINITY;
    for (int type = 0; type < types.count(); type++) {
      int node = memo.leastLoaded(type, demand, view.cluster(), types);
      if (node == Placement.NOWHERE) {
        continue;
      }
      double speed = expectedSpeed(job, type);
      double free = (double) TypedKind.freeGpus(type, view.cluster(), types) / types.gpus(type);
      if (speed > bestSpeed || (speed == bestSpeed && free > bestFree)) {
        best = node;
        bestSpeed = speed;
        bestFree = free;
      }
    }
    return best;
  }

  /** The model's measured speed on {@code type} relative to its best type, or {@link #UNTRIED}. */
  private double expectedSpeed(JobView job, int type) {
    double model = speeds.modelSpeed(job.type(), type);
    return Double.isNaN(model) ? UNTRIED : model;
  }
}
