package dl2.learning.state;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/**
 * One slot's nodes ranked by crowding, so that the kept placed window finds the node of each kind
 * without a scan of every node: exactly {@link NodeKind#nodeFor}, faster. A node without tasks of a
 * job is, for that job, as crowded as its task count, so the least crowded node is the better of
 * the first node in (tasks, load, index) order that fits and holds none of the job's tasks, and the
 * best of the job's own nodes. A task added on a node only moves that node back in the order.
 * Least-loaded answers depend only on the demand, so they are remembered per demand until the next
 * task is added. Not thread-safe; one per window.
 */
final class NodeKindIndex {
  private static final int MAX_MEMO = 32; // distinct demands remembered between two tasks

  private PlacementView view;
  private ClusterView cluster;
  private int[] order = new int[0]; // nodes by (tasks, load, index)
  private int[] tasks = new int[0]; // tasks on each node, all jobs
  private double[] loads = new double[0];
  // answers for this state, per demand: the first node in order it fits, and its least-loaded node
  private final long[] memoDemand = new long[MAX_MEMO];
  private final int[] memoFirstFitting = new int[MAX_MEMO];
  private final int[] memoLeastLoaded = new int[MAX_MEMO];
  private int memoSize;

  /** Ranks the nodes of {@code placement} as they are now (a slot's start, after its start-of-slot tasks). */
  void rebuild(PlacementView placement) {
    this.view = placement;
    this.cluster = placement.cluster();
    int nodes = cluster.nodeCount();
    if (order.length != nodes) {
      order = new int[nodes];
      tasks = new int[nodes];
      loads = new double[nodes];
    }
    for (int node = 0; node < nodes; node++) {
      order[node] = node;
      tasks[node] = placement.tasksOn(node);
      loads[node] = cluster.load(node);
    }
    // insertion sort: most nodes of a slot's start share a few (tasks, load) keys, in index order already
    for (int i = 1; i < nodes; i++) {
      int node = order[i];
      int at = i;
      while (at > 0 && after(order[at - 1], node)) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = node;
    }
    memoSize = 0;
  }

  /** A task was just added on {@code node}: its tasks and load only grew, so it moves back. */
  void taskAdded(int node) {
    tasks[node] = view.tasksOn(node);
    loads[node] = cluster.load(node);
    int at = 0;
    while (order[at] != node) {
      at++;
    }
    while (at + 1 < order.length && after(node, order[at + 1])) {
      order[at] = order[at + 1];
      at++;
    }
    order[at] = node;
    memoSize = 0;
  }

  /** The node {@code kind} sends one more {@code task} of {@code job} to: {@link NodeKind#nodeFor}'s answer. */
  int nodeFor(NodeKind kind, JobView job, Task task) {
    return switch (kind) {
      case BESIDE_OWN -> kind.nodeFor(job, task, view); // the job's own nodes only: already no scan
      case LEAST_CROWDED -> leastCrowded(job, job.type().demand(task));
      case LEAST_LOADED -> cluster.fits(cluster.leastLoadedNode(), job.type().demand(task))
          ? cluster.leastLoadedNode() : memoLeastLoaded[memo(job.type().demand(task))];
    };
  }

  private int leastCrowded(JobView job, Resources demand) {
    int best = Placement.NOWHERE;
    int bestForeign = Integer.MAX_VALUE;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int i = 0; i < view.nodesOf(job); i++) {
      int node = view.nodeOf(job, i); // ascending: on equal keys the first one stays
      if (cluster.fits(node, demand)) {
        int foreign = tasks[node] - view.workersOf(job, node) - view.parameterServersOf(job, node);
        if (foreign < bestForeign || (foreign == bestForeign && loads[node] < bestLoad)) {
          best = node;
          bestForeign = foreign;
          bestLoad = loads[node];
        }
      }
    }
    for (int at = memoFirstFitting[memo(demand)]; at < order.length; at++) {
      int node = order[at];
      if (tasks[node] > bestForeign) {
        break; // every later node is at least as crowded
      }
      if (view.indexOn(node, job) >= 0 || !cluster.fits(node, demand)) {
        continue;
      }
      // the job's best node not its own: it wins unless an own node has a smaller (foreign, load, index)
      if (best == Placement.NOWHERE || tasks[node] < bestForeign || loads[node] < bestLoad
          || (loads[node] == bestLoad && node < best)) {
        best = node;
      }
      break;
    }
    return best;
  }

  /** The memo slot of {@code demand} for the current state, filled on first use. */
  private int memo(Resources demand) {
    long key = (long) demand.cores() << 32 | demand.gpus();
    for (int m = 0; m < memoSize; m++) {
      if (memoDemand[m] == key) {
        return m;
      }
    }
    int m = memoSize < MAX_MEMO ? memoSize++ : MAX_MEMO - 1;
    memoDemand[m] = key;
    int first = 0;
    while (first < order.length && !cluster.fits(order[first], demand)) {
      first++;
    }
    memoFirstFitting[m] = first;
    int leastLoaded = Placement.NOWHERE;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node = 0; node < loads.length; node++) {
      if (loads[node] < bestLoad && cluster.fits(node, demand)) {
        leastLoaded = node;
        bestLoad = loads[node];
      }
    }
    memoLeastLoaded[m] = leastLoaded;
    return m;
  }

  /** Whether node {@code a} comes after node {@code b} in (tasks, load, index) order. */
  private boolean after(int a, int b) {
    if (tasks[a] != tasks[b]) {
      return tasks[a] > tasks[b];
    }
    if (loads[a] != loads[b]) {
      return loads[a] > loads[b];
    }
    return a > b;
  }
}
