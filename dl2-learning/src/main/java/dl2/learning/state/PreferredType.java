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
 * of the GPU type the job was measured to run fastest on ({@link GpuTypeSpeeds}: the job's own
 * measurements, else its model's). A type not yet measured counts as fastest, so every type is
 * tried once; ties go to the type with the larger share of its GPUs free, then the lower index. It
 * reads the types' names and what was measured, never how fast a type is.
 */
final class PreferredType implements Placement {
  static final String NAME = "preferred-type";

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

  /** The job's measured relative speed on {@code type}, else its model's, else 1 (untried). */
  private double expectedSpeed(JobView job, int type) {
    double own = speeds.jobSpeed(job.id(), type);
    if (!Double.isNaN(own)) {
      return own;
    }
    double model = speeds.modelSpeed(job.type(), type);
    return Double.isNaN(model) ? 1 : model;
  }
}
