package dl2.learning.state;

import dl2.learning.speeds.ObservedSpeeds;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/**
 * What a cluster observes of placement, for one (job, {@link NodeKind}) column of the placed
 * encoding, after the job's {@link ObservedFeatures}: the column's kind; for each of worker, PS and
 * bundle, the node that kind would take (whether there is one, how many tasks of other jobs it
 * holds, how many of the job's own, how many worker–PS pairs the task would make local there);
 * how many nodes the job spans and how crowded they are, now and in the last slot; and how fast
 * the job ran at its last measurement against its own fitted curve (observations only: no
 * speed model, no placed dry run).
 */
final class PlacedFeatures {
  /** Features per column. */
  static final int COUNT = 20;
  private static final double LOG_9 = Math.log(9); // counts of a handful of tasks or nodes enter as ln(1 + n) / ln 9
  private static final Task[] TASKS = {Task.WORKER, Task.PS, Task.BUNDLE};
  private static final int PER_TASK = 4;
  private static final int JOB_FEATURES = NodeKind.count() + TASKS.length * PER_TASK;

  private PlacedFeatures() {}

  /** Writes the column's features into {@code out[offset..offset + COUNT)}. */
  static void encode(JobView job, NodeKind kind, PlacementView view, LastPlacement last, ObservedSpeeds speeds, int taskCap,
      double[] out, int offset) {
    int[] nodes = new int[TASKS.length];
    for (int t = 0; t < TASKS.length; t++) {
      nodes[t] = kind.nodeFor(job, TASKS[t], view);
    }
    encode(job, kind, nodes, view, last, speeds, taskCap, out, offset);
  }

  /** As {@link #encode}, with the nodes the kind takes for a worker, a PS and a bundle already found. */
  static void encode(JobView job, NodeKind kind, int[] nodes, PlacementView view, LastPlacement last,
      ObservedSpeeds speeds, int taskCap, double[] out, int offset) {
    java.util.Arrays.fill(out, offset, offset + NodeKind.count(), 0);
    out[offset + kind.ordinal()] = 1;
    reencode(job, nodes, view, taskCap, out, offset);
    int at = offset + JOB_FEATURES;
    out[at + 2] = log(last.nodes(job.id()));
    out[at + 3] = log(last.meanForeignTasks(job.id()));
    out[at + 4] = speeds == null ? 0 : speeds.lastDeviation(job);
  }

  /**
   * Rewrites, in a column encoded earlier in the slot, the features a task added since can change:
   * those of the nodes its kind takes, and the job's nodes and how crowded they are (the kind, the
   * last slot and the last measurement stay).
   */
  static void reencode(JobView job, int[] nodes, PlacementView view, int taskCap, double[] out, int offset) {
    for (int t = 0; t < TASKS.length; t++) {
      int at = offset + NodeKind.count() + t * PER_TASK;
      Task task = TASKS[t];
      int node = nodes[t];
      if (node == Placement.NOWHERE) {
        java.util.Arrays.fill(out, at, at + PER_TASK, 0);
        continue;
      }
      int w = view.workersOf(job, node);
      int p = view.parameterServersOf(job, node);
      out[at] = 1;
      out[at + 1] = log(view.foreignTasksOn(node, job));
      out[at + 2] = (double) (w + p) / taskCap;
      out[at + 3] = (double) (task.workers() * (p + task.parameterServers()) + task.parameterServers() * w) / taskCap;
    }
    int at = offset + JOB_FEATURES;
    out[at] = log(view.nodesOf(job));
    out[at + 1] = log(meanForeignTasks(job, view));
  }

  /** Tasks of other jobs on the job's nodes, per node (0 for a job on no node). */
  static double meanForeignTasks(JobView job, PlacementView view) {
    int nodes = view.nodesOf(job);
    if (nodes == 0) {
      return 0;
    }
    int foreign = 0;
    for (int i = 0; i < nodes; i++) {
      foreign += view.foreignTasksOn(view.nodeOf(job, i), job);
    }
    return (double) foreign / nodes;
  }

  private static double log(double count) {
    return Math.log1p(count) / LOG_9;
  }
}
