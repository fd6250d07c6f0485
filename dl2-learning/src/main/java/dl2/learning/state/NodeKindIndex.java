package dl2.learning.state;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import java.util.HashMap;
import java.util.Map;

/**
 * One slot's nodes ranked by crowding, so that the kept placed window finds the node of each kind
 * without a scan of every node: exactly {@link NodeKind#nodeFor}, faster. A node without tasks of a
 * job is, for that job, as crowded as its task count, so the least crowded node is the better of
 * the first node in (tasks, load, index) order that fits and holds none of the job's tasks, and the
 * best of the job's own nodes. A task added on a node only moves that node back in the order.
 * Least-loaded answers depend only on the demand, so they are remembered per demand until the next
 * task is added; a job's own nodes are remembered until a task lands on one of them. Not
 * thread-safe; one per window.
 */
final class NodeKindIndex {
  private static final int MAX_MEMO = 32; // distinct demands remembered between two tasks
  private static final int UNKNOWN = -2;

  private PlacementView view;
  private ClusterView cluster;
  private int[] order = new int[0]; // nodes by (tasks, load, index)
  private int[] merged = new int[0]; // the sort's other half
  private int[] tasks = new int[0]; // tasks on each node, all jobs
  private double[] loads = new double[0];
  // answers for this state, per demand: the first node in order it fits, and its least-loaded node
  private final long[] memoDemand = new long[MAX_MEMO];
  private final int[] memoFirstFitting = new int[MAX_MEMO];
  private final int[] memoLeastLoaded = new int[MAX_MEMO]; // UNKNOWN until first asked
  private int memoSize;

  /**
   * Per job asked about, by id (looked up, never iterated): its nodes, until a task lands on one of
   * them.
   */
  private final Map<Integer, OwnNodes> ownById = new HashMap<>();

  /** A job's nodes, ascending, and how many tasks of other jobs each holds. */
  private static final class OwnNodes {
    int count;
    int[] nodes = new int[8];
    int[] foreign = new int[8];
    boolean valid;
  }

  /**
   * Ranks the nodes of {@code placement} as they are now (a slot's start, after its start-of-slot
   * tasks).
   */
  void rebuild(PlacementView placement) {
    this.view = placement;
    this.cluster = placement.cluster();
    int nodes = cluster.nodeCount();
    if (order.length != nodes) {
      order = new int[nodes];
      tasks = new int[nodes];
      loads = new double[nodes];
    }
    ownById.clear();
    for (int node = 0; node < nodes; node++) {
      order[node] = node;
      tasks[node] = placement.tasksOn(node);
      loads[node] = cluster.load(node);
    }
    sortOrder();
    memoSize = 0;
  }

  /**
   * Merge sort of {@link #order} by (tasks, load, index): the start-of-slot bundles load a prefix
   * of the nodes.
   */
  private void sortOrder() {
    int n = order.length;
    if (merged.length != n) {
      merged = new int[n];
    }
    int[] from = order;
    int[] to = merged;
    for (int width = 1; width < n; width *= 2) {
      for (int low = 0; low < n; low += 2 * width) {
        int mid = Math.min(low + width, n);
        int high = Math.min(low + 2 * width, n);
        int i = low;
        int j = mid;
        int k = low;
        while (i < mid && j < high) {
          to[k++] = after(from[i], from[j]) ? from[j++] : from[i++];
        }
        while (i < mid) {
          to[k++] = from[i++];
        }
        while (j < high) {
          to[k++] = from[j++];
        }
      }
      int[] swap = from;
      from = to;
      to = swap;
    }
    if (from != order) {
      System.arraycopy(from, 0, order, 0, n);
    }
  }

  /** A task was just added on {@code node}: its tasks and load only grew, so it moves back. */
  void taskAdded(int node) {
    tasks[node] = view.tasksOn(node);
    loads[node] = cluster.load(node);
    int from = 0;
    while (order[from] != node) {
      from++;
    }
    // the nodes after it stay in order: find the first that comes after it, and move the rest up by
    // one
    int low = from + 1;
    int high = order.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (after(node, order[mid])) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    System.arraycopy(order, from + 1, order, from, low - 1 - from);
    order[low - 1] = node;
    memoSize = 0;
    for (int i = 0; i < view.jobsOn(node); i++) {
      OwnNodes own = ownById.get(view.jobOn(node, i).id()); // the node is more crowded for them
      if (own != null) {
        own.valid = false;
      }
    }
  }

  /**
   * The node {@code kind} sends one more {@code task} of {@code job} to: {@link NodeKind#nodeFor}'s
   * answer.
   */
  int nodeFor(NodeKind kind, JobView job, Task task) {
    return switch (kind) {
      case BESIDE_OWN -> kind.nodeFor(job, task, view); // the job's own nodes only: already no scan
      case LEAST_CROWDED -> leastCrowded(job, job.type().demand(task));
      case LEAST_LOADED ->
          cluster.fits(cluster.leastLoadedNode(), job.type().demand(task))
              ? cluster.leastLoadedNode()
              : leastLoaded(job.type().demand(task));
    };
  }

  /**
   * The least-loaded node {@code demand} fits on, ties to the lower index, once per demand and
   * state.
   */
  private int leastLoaded(Resources demand) {
    int m = memo(demand);
    if (memoLeastLoaded[m] == UNKNOWN) {
      int best = Placement.NOWHERE;
      double bestLoad = Double.POSITIVE_INFINITY;
      for (int node = 0; node < loads.length; node++) {
        if (loads[node] < bestLoad && cluster.fits(node, demand)) {
          best = node;
          bestLoad = loads[node];
        }
      }
      memoLeastLoaded[m] = best;
    }
    return memoLeastLoaded[m];
  }

  private int leastCrowded(JobView job, Resources demand) {
    int best = Placement.NOWHERE;
    int bestForeign = Integer.MAX_VALUE;
    double bestLoad = Double.POSITIVE_INFINITY;
    OwnNodes own = own(job);
    for (int i = 0; i < own.count; i++) {
      int node = own.nodes[i]; // ascending: on equal keys the first one stays
      if (cluster.fits(node, demand)) {
        int foreign = own.foreign[i];
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
      if (!cluster.fits(node, demand)
          || java.util.Arrays.binarySearch(own.nodes, 0, own.count, node) >= 0) {
        continue;
      }
      // the job's best node not its own: it wins unless an own node has a smaller (foreign, load,
      // index)
      if (best == Placement.NOWHERE
          || tasks[node] < bestForeign
          || loads[node] < bestLoad
          || (loads[node] == bestLoad && node < best)) {
        best = node;
      }
      break;
    }
    return best;
  }

  /**
   * {@code job}'s nodes and how crowded each is by other jobs, read again only after a task landed
   * on one.
   */
  private OwnNodes own(JobView job) {
    OwnNodes own = ownById.computeIfAbsent(job.id(), id -> new OwnNodes());
    if (own.valid) {
      return own;
    }
    own.valid = true;
    own.count = view.nodesOf(job);
    if (own.nodes.length < own.count) {
      own.nodes = new int[2 * own.count];
      own.foreign = new int[2 * own.count];
    }
    for (int i = 0; i < own.count; i++) {
      int node = view.nodeOf(job, i);
      own.nodes[i] = node;
      own.foreign[i] = view.foreignTasksOn(node, job);
    }
    return own;
  }

  /**
   * The memo slot of {@code demand} for the current state, with its first fitting node in order.
   */
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
    memoLeastLoaded[m] = UNKNOWN;
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
