package dl2.registry;

/**
 * What one scheduler or placement instance is made for: the task cap of its cluster (at most that
 * many workers and PSs per job) and the seeds of its run: Optimus' estimation-error signs, a
 * plug-in's seed (scheduler or placement), dl2's sampled decoding.
 */
public record Launch(int taskCap, long optimusSeed, long pluginSeed, long decodingSeed) {
  /** What a live controller gives its one scheduler: every seed 0. */
  public static Launch live(int taskCap) {
    return new Launch(taskCap, 0, 0, 0);
  }
}
