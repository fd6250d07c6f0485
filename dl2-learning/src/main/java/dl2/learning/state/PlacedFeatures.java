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
 * holds, how many of the job's own, how many worker–PS pairs the task would make local there); how
 * many nodes the job spans and how crowded they are, now and in the last slot; and how fast the job
 * ran at its last measurement against its own fitted curve (observations only: no speed model, no
 * placed dry run).
 */
final class PlacedFeatures {
  /** Features per column. */
  static final int COUNT = 20;

  private static final double LOG_9 =
      Math.log(9); // counts of a handful of tasks or nodes enter as ln(1 + n) / ln 9
  private static final Task[] TASKS = {Task.WORKER, Task.PS, Task.BUNDLE};
  private static final int PER_TASK = 4;
  private static final int JOB_FEATURES = NodeKind.count() + TASKS.length * PER_TASK;

  private PlacedFeatures() {}

  /** Writes the column's features into {@code out[offset..offset + COUNT)}. */
  static void encode(
      JobView job,
      NodeKind kind,
      PlacementView view,
      LastPlacement last,
      ObservedSpeeds speeds,
      int taskCap,
      double[] out,
      int offset) {
    int[] nodes = new int[TASKS.length];
    for (int t = 0; t < TASKS.length; t++) {
      nodes[t] = kind.nodeFor(job, TASKS[t], view);
    }
    encode(job, kind, nodes, view, last, speeds, taskCap, out, offset);
  }

  /**
   * As {@link #encode}, with the nodes the kind takes for a worker, a PS and a bundle already
   * found.
   */
  static void encode(
      JobView job,
      NodeKind kind,
      int[] nodes,
      PlacementView view,
      LastPlacement last,
      ObservedSpeeds speeds,
      int taskCap,
      double[] out,
      int offset) {
    java.util.Arrays.fill(out, offset, offset + NodeKind.count(), 0);
    out[offset + kind.ordinal()] = 1;
    for (int t = 0; t < TASKS.length; t++) {
      encodeTask(job, t, nodes[t], view, taskCap, out, offset);
    }
    encodeJobNodes(job, view, out, offset);
    int at = offset + JOB_FEATURES;
    out[at + 2] = log(last.nodes(job.id()));
    out[at + 3] = log(last.meanForeignTasks(job.id()));
    out[at + 4] = speeds == null ? 0 : speeds.lastDeviation(job);
  }

  /**
   * The features of {@code node}, where the column's kind sends the {@code t}-th task (worker, PS,
   * bundle), all 0 if nowhere: what a task added on that node, or another choice of node, changes.
   */
  static void encodeTask(
      JobView job, int t, int node, PlacementView view, int taskCap, double[] out, int offset) {
    int at = offset + NodeKind.count() + t * PER_TASK;
    if (node == Placement.NOWHERE) {
      java.util.Arrays.fill(out, at, at + PER_TASK, 0);
      return;
    }
    Task task = TASKS[t];
    int i = view.indexOn(node, job);
    int w = i < 0 ? 0 : view.workersOn(node, i);
    int p = i < 0 ? 0 : view.parameterServersOn(node, i);
    out[at] = 1;
    out[at + 1] = log(view.tasksOn(node) - w - p);
    out[at + 2] = (double) (w + p) / taskCap;
    out[at + 3] =
        (double) (task.workers() * (p + task.parameterServers()) + task.parameterServers() * w)
            / taskCap;
  }

  /**
   * Zeroes the column's crowding features written by {@link #encode} at {@code offset}: the tasks
   * of other jobs on each node the column takes and the mean on the job's nodes now (the last
   * slot's stays). The typed encoding's per-type columns go without them: a task anywhere changes
   * the crowding of its type's least-loaded node and of every job on its node, and as column
   * features they sent those columns through the per-column embedding again at every decision
   * ({@link TypedGlobals} carries each type's least-loaded node's crowding instead).
   */
  static void dropCrowding(double[] out, int offset) {
    for (int t = 0; t < TASKS.length; t++) {
      out[offset + NodeKind.count() + t * PER_TASK + 1] = 0;
    }
    out[offset + JOB_FEATURES + 1] = 0;
  }

  /** The {@code t}-th task the features describe: worker, PS, bundle. */
  static Task task(int t) {
    return TASKS[t];
  }

  /** Whether the column encoded at {@code offset} takes a node for the {@code t}-th task. */
  static boolean takesNode(double[] out, int offset, int t) {
    return out[offset + NodeKind.count() + t * PER_TASK] != 0;
  }

  /**
   * How many nodes the job spans and how crowded they are: what a task of the job, or on its nodes,
   * changes.
   */
  static void encodeJobNodes(JobView job, PlacementView view, double[] out, int offset) {
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

  /** A count of a handful of tasks or nodes on its scale: ln(1 + n) / ln 9. */
  static double log(double count) {
    return Math.log1p(count) / LOG_9;
  }
}
