package dl2.slot;

import dl2.model.Task;
import java.util.Arrays;

/**
 * The nodes of one job's tasks in the current slot. Anyone may read it; only a {@link ClusterSlot}
 * adds tasks (after its cap and capacity checks), and only the job's owner clears it.
 */
public final class TaskPlacement {
  private int workers;
  private int parameterServers;
  private int[] workerNodes = new int[4];
  private int[] psNodes = new int[4];

  public int workers() {
    return workers;
  }

  public int parameterServers() {
    return parameterServers;
  }

  /** Whether the job holds any task this slot. */
  public boolean isEmpty() {
    return workers == 0 && parameterServers == 0;
  }

  /** Nodes of this slot's workers, in the order they were placed. */
  public int[] workerNodes() {
    return Arrays.copyOf(workerNodes, workers);
  }

  /** Nodes of this slot's parameter servers, in the order they were placed. */
  public int[] psNodes() {
    return Arrays.copyOf(psNodes, parameterServers);
  }

  /** The node of worker {@code i} (in placement order), without copying. */
  public int workerNode(int i) {
    if (i >= workers) {
      throw new IndexOutOfBoundsException("worker " + i + " of " + workers);
    }
    return workerNodes[i];
  }

  /** The node of parameter server {@code i} (in placement order), without copying. */
  public int psNode(int i) {
    if (i >= parameterServers) {
      throw new IndexOutOfBoundsException("parameter server " + i + " of " + parameterServers);
    }
    return psNodes[i];
  }

  void add(Task task, int node) {
    if (task.workers() > 0) {
      workerNodes = ensure(workerNodes, workers);
      workerNodes[workers++] = node;
    }
    if (task.parameterServers() > 0) {
      psNodes = ensure(psNodes, parameterServers);
      psNodes[parameterServers++] = node;
    }
  }

  /** Releases every task: the start-of-slot "clear" (dl2-spec §5.1 step 2). */
  void clear() {
    workers = 0;
    parameterServers = 0;
  }

  private static int[] ensure(int[] nodes, int size) {
    return size < nodes.length ? nodes : Arrays.copyOf(nodes, nodes.length * 2);
  }
}
