package dl2.emulator;

/**
 * Where an emulated trace stands after a slot. Every job is in exactly one state: not yet arrived,
 * queued (arrived, no tasks this slot), running (had tasks this slot and is not finished) or
 * completed, so the counts add up to {@code totalJobs}. {@code workFraction} is the share of the
 * trace's work done (each job's epochs done over its real epochs, averaged over all jobs).
 */
public record EmulatedProgress(
    int totalJobs, int arrivedJobs, int runningJobs, int completedJobs, double workFraction) {
  public EmulatedProgress {
    if (runningJobs + completedJobs > arrivedJobs || arrivedJobs > totalJobs) {
      throw new IllegalArgumentException(
          "inconsistent job counts: "
              + runningJobs
              + " running and "
              + completedJobs
              + " completed of "
              + arrivedJobs
              + " arrived, "
              + totalJobs
              + " in all");
    }
  }

  public int queuedJobs() {
    return arrivedJobs - runningJobs - completedJobs;
  }
}
