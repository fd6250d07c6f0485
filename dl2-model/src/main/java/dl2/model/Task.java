package dl2.model;

/**
 * What one scheduling increment adds to a job: a worker, a parameter server, or both on one node.
 */
public enum Task {
  WORKER,
  PS,
  BUNDLE;

  /** Workers this increment adds. */
  public int workers() {
    return this == PS ? 0 : 1;
  }

  /** Parameter servers this increment adds. */
  public int parameterServers() {
    return this == WORKER ? 0 : 1;
  }
}
