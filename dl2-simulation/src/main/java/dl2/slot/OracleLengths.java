package dl2.slot;

/**
 * The one way to a job's true length E*, which no real cluster knows before the job ends: a
 * scheduler that reads it is an oracle, named {@code -oracle} in every output (the length-oracle
 * references of docs/job-lengths.md). {@code ArchitectureTest} keeps it, and {@code realEpochs},
 * away from dl2's learning code and from every scheduler not named an oracle.
 */
public final class OracleLengths {
  private OracleLengths() {}

  /** E*: the epochs after which {@code job} completes. */
  public static double trueEpochs(JobView job) {
    if (job instanceof SlotJob slotJob) {
      return slotJob.spec().realEpochs();
    }
    throw new IllegalArgumentException("no true length behind " + job);
  }
}
