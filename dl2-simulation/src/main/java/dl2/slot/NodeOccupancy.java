package dl2.slot;

import dl2.model.Task;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@link PlacementView} of one slot, kept incrementally from every task recorded into it
 * ({@link #record}), so that nothing is recomputed per decision. Per node, its jobs in ascending id
 * with their workers and PSs (a node holds a handful); per job, its nodes in ascending index.
 */
public final class NodeOccupancy implements PlacementView {
  private final ClusterView cluster;
  private final int[] jobCount;
  private final JobView[][] jobs;
  private final int[][] workers;
  private final int[][] parameterServers;
  private final int[] tasks; // per node, of every job

  /** Each job's nodes, looked up by id, never iterated. */
  private final Map<Integer, JobNodes> nodesById = new HashMap<>();

  /** One job's nodes, ascending. */
  private static final class JobNodes {
    final int id;
    int[] nodes = new int[4];
    int count;

    JobNodes(int id) {
      this.id = id;
    }
  }

  /** The last job looked up: callers ask for one job's nodes many times in a row. */
  private JobNodes last;

  public NodeOccupancy(ClusterView cluster) {
    this.cluster = cluster;
    int nodes = cluster.nodeCount();
    jobCount = new int[nodes];
    jobs = new JobView[nodes][];
    workers = new int[nodes][];
    parameterServers = new int[nodes][];
    tasks = new int[nodes];
  }

  /** Notes that {@code task} of {@code job} was placed on {@code node} (the caller placed it). */
  public void record(JobView job, Task task, int node) {
    int i = indexOn(node, job);
    if (i < 0) {
      i = insert(node, job);
      addNode(job.id(), node);
    }
    workers[node][i] += task.workers();
    parameterServers[node][i] += task.parameterServers();
    tasks[node] += task.workers() + task.parameterServers();
  }

  private int insert(int node, JobView job) {
    if (jobs[node] == null) {
      jobs[node] = new JobView[4];
      workers[node] = new int[4];
      parameterServers[node] = new int[4];
    } else if (jobCount[node] == jobs[node].length) {
      int size = 2 * jobs[node].length;
      jobs[node] = Arrays.copyOf(jobs[node], size);
      workers[node] = Arrays.copyOf(workers[node], size);
      parameterServers[node] = Arrays.copyOf(parameterServers[node], size);
    }
    int at = jobCount[node];
    while (at > 0 && jobs[node][at - 1].id() > job.id()) {
      jobs[node][at] = jobs[node][at - 1];
      workers[node][at] = workers[node][at - 1];
      parameterServers[node][at] = parameterServers[node][at - 1];
      at--;
    }
    jobs[node][at] = job;
    workers[node][at] = 0;
    parameterServers[node][at] = 0;
    jobCount[node]++;
    return at;
  }

  private void addNode(int jobId, int node) {
    JobNodes own = nodesById.computeIfAbsent(jobId, JobNodes::new);
    if (own.count == own.nodes.length) {
      own.nodes = Arrays.copyOf(own.nodes, 2 * own.count);
    }
    int at = own.count;
    while (at > 0 && own.nodes[at - 1] > node) {
      own.nodes[at] = own.nodes[at - 1];
      at--;
    }
    own.nodes[at] = node;
    own.count++;
  }

  @Override
  public ClusterView cluster() {
    return cluster;
  }

  @Override
  public int jobsOn(int node) {
    return jobCount[node];
  }

  @Override
  public JobView jobOn(int node, int i) {
    check(node, i);
    return jobs[node][i];
  }

  @Override
  public int workersOn(int node, int i) {
    check(node, i);
    return workers[node][i];
  }

  @Override
  public int parameterServersOn(int node, int i) {
    check(node, i);
    return parameterServers[node][i];
  }

  @Override
  public int tasksOn(int node) {
    return tasks[node];
  }

  @Override
  public int nodesOf(JobView job) {
    JobNodes own = lookUp(job.id());
    return own == null ? 0 : own.count;
  }

  @Override
  public int nodeOf(JobView job, int i) {
    if (i < 0 || i >= nodesOf(job)) {
      throw new IndexOutOfBoundsException("node " + i + " of " + nodesOf(job) + " of " + job);
    }
    return lookUp(job.id()).nodes[i];
  }

  private JobNodes lookUp(int id) {
    if (last == null || last.id != id) {
      JobNodes found = nodesById.get(id);
      if (found == null) {
        return null;
      }
      last = found;
    }
    return last;
  }

  @Override
  public int indexOn(int node, JobView job) {
    JobView[] onNode = jobs[node];
    for (int i = 0; i < jobCount[node]; i++) {
      if (onNode[i].id() == job.id()) {
        return i;
      }
    }
    return -1;
  }

  private void check(int node, int i) {
    if (i < 0 || i >= jobCount[node]) {
      throw new IndexOutOfBoundsException(
          "job " + i + " of " + jobCount[node] + " on node " + node);
    }
  }
}
