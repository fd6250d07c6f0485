package dl2.slot;

import dl2.model.JobType;
import dl2.model.Task;
import java.util.Arrays;

/**
 * One job placed hypothetically, the question of an oracle dry run ({@link
 * SlotContext#dryRunPlacedEpochsPerSlot}): for each node it would use, its own workers and PSs
 * there and the tasks of other training jobs (those holding a worker and a PS) there, by type.
 * Nodes are identical, so their indices do not matter; only what is on each.
 */
public final class PlacementProbe {
  /**
   * Rows start as wide as the built-ins and grow to {@link JobType#MAX_TYPES} only where a declared
   * model's tasks are.
   */
  private static final int BUILT_IN = JobType.values().length;

  private final int[] workers;
  private final int[] parameterServers;
  private final int[][] foreignByType;
  private final int totalWorkers;
  private final int totalParameterServers;

  /**
   * Per node: the job's workers, its PSs, and other training jobs' tasks by {@link
   * JobType#ordinal()}.
   */
  public PlacementProbe(int[] workers, int[] parameterServers, int[][] foreignTasksByType) {
    this(workers.clone(), parameterServers.clone(), copy(foreignTasksByType), true);
    if (workers.length != parameterServers.length || workers.length != foreignTasksByType.length) {
      throw new IllegalArgumentException(
          "a probe needs workers, PSs and foreign tasks for every node");
    }
    for (int[] counts : foreignTasksByType) {
      if (counts.length < BUILT_IN || counts.length > JobType.MAX_TYPES) {
        throw new IllegalArgumentException(
            "foreign tasks are counted per job type: "
                + BUILT_IN
                + " to "
                + JobType.MAX_TYPES
                + " counts per node");
      }
    }
  }

  /** Takes the arrays as they are (made by {@link #of}, never shared). */
  private PlacementProbe(
      int[] workers, int[] parameterServers, int[][] foreignByType, boolean owned) {
    this.workers = workers;
    this.parameterServers = parameterServers;
    this.foreignByType = foreignByType;
    int w = 0;
    int p = 0;
    for (int n = 0; n < workers.length; n++) {
      w += workers[n];
      p += parameterServers[n];
    }
    this.totalWorkers = w;
    this.totalParameterServers = p;
  }

  private static int[][] copy(int[][] counts) {
    int[][] copy = new int[counts.length][];
    for (int n = 0; n < counts.length; n++) {
      copy[n] = counts[n].clone();
    }
    return copy;
  }

  /** {@code job} as {@code view} holds it. */
  public static PlacementProbe of(PlacementView view, JobView job) {
    return of(view, job, job, null, Placement.NOWHERE);
  }

  /**
   * {@code job} as {@code view} holds it once one more {@code task} of {@code adder} (the job
   * itself or another) is on {@code node}; {@code task} null adds nothing.
   */
  public static PlacementProbe of(
      PlacementView view, JobView job, JobView adder, Task task, int node) {
    return task == null
        ? of(view, job, adder, 0, 0, node)
        : of(view, job, adder, task.workers(), task.parameterServers(), node);
  }

  /**
   * {@code job} as {@code view} holds it once {@code addedWorkers} more workers and {@code
   * addedParameterServers} more PSs of {@code adder} (the job itself or another) are on {@code
   * node}; none adds nothing.
   */
  public static PlacementProbe of(
      PlacementView view,
      JobView job,
      JobView adder,
      int addedWorkers,
      int addedParameterServers,
      int node) {
    boolean adding = addedWorkers + addedParameterServers > 0;
    boolean own = adding && adder.id() == job.id();
    int count = view.nodesOf(job);
    int[] nodes = new int[count + 1];
    for (int i = 0; i < count; i++) {
      nodes[i] = view.nodeOf(job, i);
    }
    if (own && view.indexOn(node, job) < 0) {
      nodes[count++] = node;
    }
    nodes = Arrays.copyOf(nodes, count);
    int[] w = new int[count];
    int[] p = new int[count];
    int[][] foreign = new int[count][BUILT_IN];
    boolean adderTrains =
        adding
            && adder.workers() + addedWorkers > 0
            && adder.parameterServers() + addedParameterServers > 0;
    for (int k = 0; k < count; k++) {
      int n = nodes[k];
      boolean adderCounted = false;
      for (int i = 0; i < view.jobsOn(n); i++) {
        JobView other = view.jobOn(n, i);
        int tasks = view.workersOn(n, i) + view.parameterServersOn(n, i);
        boolean added = adding && other.id() == adder.id() && n == node;
        if (other.id() == job.id()) {
          w[k] = view.workersOn(n, i) + (added ? addedWorkers : 0);
          p[k] = view.parameterServersOn(n, i) + (added ? addedParameterServers : 0);
        } else if (other.id() == adder.id() && adding) {
          adderCounted = true;
          add(
              foreign,
              k,
              other.type(),
              adderTrains ? tasks + (added ? addedWorkers + addedParameterServers : 0) : 0);
        } else if (other.workers() > 0 && other.parameterServers() > 0) {
          add(foreign, k, other.type(), tasks);
        }
      }
      if (own && n == node && w[k] + p[k] == 0) {
        w[k] = addedWorkers;
        p[k] = addedParameterServers;
      }
      if (!own && adding && n == node && !adderCounted && adderTrains) {
        add(foreign, k, adder.type(), addedWorkers + addedParameterServers);
      }
    }
    return new PlacementProbe(w, p, foreign, true);
  }

  private static void add(int[][] foreign, int node, JobType type, int tasks) {
    int k = type.ordinal();
    if (k >= foreign[node].length) {
      foreign[node] = Arrays.copyOf(foreign[node], JobType.MAX_TYPES);
    }
    foreign[node][k] += tasks;
  }

  /** Nodes the job uses. */
  public int nodes() {
    return workers.length;
  }

  public int workers(int node) {
    return workers[node];
  }

  public int parameterServers(int node) {
    return parameterServers[node];
  }

  /** Tasks of other training jobs of {@code type} on the probe's {@code node}-th node. */
  public int foreignTasks(int node, JobType type) {
    int[] counts = foreignByType[node];
    return type.ordinal() < counts.length ? counts[type.ordinal()] : 0;
  }

  /** Tasks of other training jobs of any type on the probe's {@code node}-th node. */
  public int foreignTasks(int node) {
    int tasks = 0;
    for (int count : foreignByType[node]) {
      tasks += count;
    }
    return tasks;
  }

  /**
   * Tasks of other training jobs of declared models (past the built-ins) on the {@code node}-th
   * node, as "number:tasks" pairs.
   */
  public String declaredForeignTasks(int node) {
    int[] counts = foreignByType[node];
    if (counts.length == BUILT_IN) {
      return "";
    }
    StringBuilder pairs = new StringBuilder();
    for (int k = BUILT_IN; k < counts.length; k++) {
      if (counts[k] > 0) {
        pairs.append(' ').append(k + 1).append(':').append(counts[k]);
      }
    }
    return pairs.toString();
  }

  public int totalWorkers() {
    return totalWorkers;
  }

  public int totalParameterServers() {
    return totalParameterServers;
  }

  /** L: the fraction of the job's (worker, PS) pairs on one node; 0 without a worker or a PS. */
  public double localPairFraction() {
    long local = 0;
    for (int n = 0; n < workers.length; n++) {
      local += (long) workers[n] * parameterServers[n];
    }
    long pairs = (long) totalWorkers * totalParameterServers;
    return pairs == 0 ? 0 : (double) local / pairs;
  }
}
