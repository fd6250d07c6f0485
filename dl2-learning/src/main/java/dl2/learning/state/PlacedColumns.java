package dl2.learning.state;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import java.util.Arrays;

/**
 * The placed encoding's part of a kept window ({@link PlacedWindow}; dl2-spec §7.1–7.2, Project):
 * the node each column's kind takes for a worker, a PS and a bundle, with its placement features
 * and mask, and which columns a task added on node n can change. It adds to n's tasks and load and
 * takes room there; nothing else moves. So the job that got it changes; so does every job with a
 * task on n (n is more crowded for it); and least-crowded and least-loaded columns that chose n for
 * some task, since n only got worse in their order and the node each of them chose elsewhere still
 * wins (of those, only the tasks that chose n). Beside-own columns of other jobs look only at their
 * own nodes, n not among them.
 */
final class PlacedColumns {
  private static final int TASKS = Task.values().length;

  private final Observer observer;
  private final PlacedEncoding encoding;
  private final NodeKindIndex index = new NodeKindIndex();
  private final int[][] nodes; // [column][task]: the node the column's kind takes for it
  private final double[] scratch;
  private final int taskCap;
  private PlacementView view;

  PlacedColumns(Observer observer, PlacedEncoding encoding, int window, int features) {
    this.observer = observer;
    this.encoding = encoding;
    this.nodes = new int[window][TASKS];
    this.scratch = new double[features];
    this.taskCap = encoding.taskCap();
  }

  /** A slot's window is built on {@code placement} as it is now. */
  void begin(PlacementView placement) {
    this.view = placement;
    index.rebuild(placement);
  }

  /** A task went to {@code node}: call before re-encoding any column. */
  void taskAdded(int node) {
    index.taskAdded(node);
  }

  /**
   * Writes the column's placement features after its job's own ({@code out} already holds those)
   * and its mask.
   */
  void encode(JobView job, int column, double[] out, boolean[] mask) {
    choose(job, column, mask);
    encoding.encodePlacement(job, column, nodes[column], out);
  }

  /**
   * As {@link #encode} for a column encoded earlier in the slot whose job just got a task, or has
   * tasks on the node that did: all that a task can change (not the kind, the last slot, the last
   * measurement).
   */
  void reencode(JobView job, int column, double[] out, boolean[] mask) {
    choose(job, column, mask);
    for (int t = 0; t < TASKS; t++) {
      PlacedFeatures.encodeTask(
          job, t, nodes[column][t], view, taskCap, out, ObservedFeatures.COUNT);
    }
    PlacedFeatures.encodeJobNodes(job, view, out, ObservedFeatures.COUNT);
  }

  private void choose(JobView job, int column, boolean[] mask) {
    int[] chosen = nodes[column];
    NodeKind kind = NodeKind.ofColumn(column);
    for (Task task : Task.values()) {
      chosen[task.ordinal()] = index.nodeFor(kind, job, task);
    }
    observer.maskColumn(job, column, chosen, mask);
  }

  /**
   * Re-encodes the column of another job than the one that got a task on {@code node}, if that task
   * can have changed it; true if its features changed (its mask is kept up to date either way).
   */
  boolean refresh(JobView job, int column, int node, double[] out, boolean[] mask) {
    boolean onNode =
        view.indexOn(node, job) >= 0; // the node is more crowded for it, so are its nodes
    if (!onNode && !choseNode(column, node)) {
      return false;
    }
    System.arraycopy(out, 0, scratch, 0, out.length);
    if (onNode) {
      reencode(job, column, scratch, mask);
    } else {
      // only the tasks whose node it was: every other choice, and its node, stay
      int[] chosen = nodes[column];
      for (Task task : Task.values()) {
        int t = task.ordinal();
        if (chosen[t] == node) {
          chosen[t] = index.nodeFor(NodeKind.ofColumn(column), job, task);
          PlacedFeatures.encodeTask(
              job, t, chosen[t], view, taskCap, scratch, ObservedFeatures.COUNT);
        }
      }
      observer.maskColumn(job, column, chosen, mask);
    }
    if (Arrays.equals(scratch, out)) {
      return false;
    }
    System.arraycopy(scratch, 0, out, 0, out.length);
    return true;
  }

  /** Whether a least-crowded or least-loaded column chose {@code node} for some task. */
  private boolean choseNode(int column, int node) {
    if (NodeKind.ofColumn(column) == NodeKind.BESIDE_OWN) {
      return false;
    }
    for (int chosen : nodes[column]) {
      if (chosen == node) {
        return true;
      }
    }
    return false;
  }

  /** The node the column's kind takes for {@code task} now, or {@link Placement#NOWHERE}. */
  int nodeFor(int column, Task task) {
    return nodes[column][task.ordinal()];
  }

  /** Columns {@code [from, from + count)} left: later ones move left by {@code count}. */
  void remove(int from, int count) {
    int[][] freed = Arrays.copyOfRange(nodes, from, from + count);
    System.arraycopy(nodes, from + count, nodes, from, nodes.length - from - count);
    System.arraycopy(freed, 0, nodes, nodes.length - count, count);
  }

  /** The mask of a column from the nodes it already chose (after {@link #remove} moved it). */
  void mask(JobView job, int column, boolean[] mask) {
    if (job == null) {
      observer.maskColumn(null, column, mask);
    } else {
      observer.maskColumn(job, column, nodes[column], mask);
    }
  }
}
