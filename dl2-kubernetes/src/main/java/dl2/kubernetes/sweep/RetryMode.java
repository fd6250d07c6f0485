package dl2.kubernetes.sweep;

import dl2.kubernetes.api.ServerVersion;

/**
 * Who counts a shard's failures: the Job controller, through {@code backoffLimitPerIndex} (beta and
 * on by default from Kubernetes 1.29, behind the JobBackoffLimitPerIndex feature gate in 1.28), or
 * dl2 itself on older servers, from the failed pods of each index, while the Job's overall {@code
 * backoffLimit} leaves every index its retries.
 */
public enum RetryMode {
  PER_INDEX,
  BY_HAND;

  /** The oldest server that runs a sweep at all: Indexed Jobs are GA from 1.24. */
  public static final ServerVersion MINIMUM = new ServerVersion(1, 24);

  /**
   * From here the API server may keep {@code backoffLimitPerIndex} (with the feature gate in 1.28).
   */
  static final ServerVersion PER_INDEX_FIELD = new ServerVersion(1, 28);

  /**
   * What to ask of a server of {@code version}; 1.28 may drop the field, which the created Job
   * shows.
   */
  static RetryMode offeredBy(ServerVersion version) {
    return version.atLeast(PER_INDEX_FIELD) ? PER_INDEX : BY_HAND;
  }

  /** In words for the operator. */
  String describe(int retries, ServerVersion version) {
    return this == PER_INDEX
        ? "up to " + retries + " retries per shard, by the Job controller (backoffLimitPerIndex)"
        : "up to "
            + retries
            + " retries per shard, counted by dl2 (Kubernetes "
            + version
            + " keeps no backoffLimitPerIndex: "
            + "it needs 1.29, or 1.28 with the JobBackoffLimitPerIndex feature gate)";
  }
}
