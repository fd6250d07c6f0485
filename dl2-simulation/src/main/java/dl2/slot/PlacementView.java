package dl2.slot;

/**
 * What a {@link Placement} sees of one slot's cluster: per-node usage and capacity ({@link
 * #cluster()}), which jobs hold how many workers and PSs on each node, and each job's own nodes.
 * Read-only; jobs are identified by id. Jobs on a node are listed in ascending id, a job's nodes in
 * ascending index.
 */
public interface PlacementView {
  ClusterView cluster();

  /** How many jobs hold tasks on {@code node}. */
  int jobsOn(int node);

  /** The {@code i}-th job on {@code node}, ascending id. */
  JobView jobOn(int node, int i);

  /** Workers of the {@code i}-th job on {@code node}. */
  int workersOn(int node, int i);

  /** Parameter servers of the {@code i}-th job on {@code node}. */
  int parameterServersOn(int node, int i);

  /** How many nodes hold tasks of {@code job}. */
  int nodesOf(JobView job);

  /** The {@code i}-th node of {@code job}, ascending index. */
  int nodeOf(JobView job, int i);

  /** Tasks of every job on {@code node}. */
  default int tasksOn(int node) {
    int tasks = 0;
    for (int i = 0; i < jobsOn(node); i++) {
      tasks += workersOn(node, i) + parameterServersOn(node, i);
    }
    return tasks;
  }

  /** Workers of {@code job} on {@code node}; 0 if it has none there. */
  default int workersOf(JobView job, int node) {
    int i = indexOn(node, job);
    return i < 0 ? 0 : workersOn(node, i);
  }

  /** Parameter servers of {@code job} on {@code node}; 0 if it has none there. */
  default int parameterServersOf(JobView job, int node) {
    int i = indexOn(node, job);
    return i < 0 ? 0 : parameterServersOn(node, i);
  }

  /** Tasks on {@code node} of jobs other than {@code job}. */
  default int foreignTasksOn(int node, JobView job) {
    int i = indexOn(node, job);
    return i < 0 ? tasksOn(node) : tasksOn(node) - workersOn(node, i) - parameterServersOn(node, i);
  }

  /** The index of {@code job} among the jobs on {@code node}, or -1. */
  default int indexOn(int node, JobView job) {
    for (int i = 0; i < jobsOn(node); i++) {
      if (jobOn(node, i).id() == job.id()) {
        return i;
      }
    }
    return -1;
  }
}
