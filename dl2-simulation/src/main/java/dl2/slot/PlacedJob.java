package dl2.slot;

import dl2.model.JobType;

/** A job as a world sees it in one slot: its identity and the node of each of its tasks. */
public interface PlacedJob {
  int id();

  JobType type();

  int workers();

  int parameterServers();

  /** Node index of worker {@code i}, 0 ≤ i < {@link #workers()}. */
  int workerNode(int i);

  /** Node index of parameter server {@code i}, 0 ≤ i < {@link #parameterServers()}. */
  int psNode(int i);
}
