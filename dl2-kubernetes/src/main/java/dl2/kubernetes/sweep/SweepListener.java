package dl2.kubernetes.sweep;

/** What a sweep reports as it goes (the command turns it into progress lines on stderr). */
public interface SweepListener {
  /** The Job runs: its name and how failed shards are retried. */
  default void started(String job, String retries) {}

  /** A one-line notice. */
  default void note(String line) {}

  /** A pod of shard {@code index} failed, its {@code attempt}-th failure, for {@code reason}. */
  default void shardFailed(int index, int attempt, String reason) {}

  /** Shards whose output is read, pods pending or running, and failed pods so far. */
  default void progress(int done, int running, int failedPods) {}
}
