package dl2.report;

import dl2.model.JobResult;
import dl2.simulation.JobUsage;

/**
 * One completed job. Times are in slots: a job arriving in slot a arrives at time a (the start of
 * that slot), first runs at time {@code firstStartSlot}, and finishes at {@code finishTime} = e + 1
 * (dl2-spec §5.3), so its JCT is {@code finishTime − arrivalSlot}.
 *
 * @param id job id
 * @param type the job's model name, e.g. resnet-50
 * @param arrivalSlot a
 * @param firstStartSlot the first slot in which it held a task (-1 if unknown)
 * @param finishTime e + 1, from the start of slot 0
 * @param jctSlots job completion time
 * @param slotsRun slots in which it held a task (-1 if unknown, e.g. from the emulator)
 * @param meanParameterServers parameter servers per slot run (NaN if unknown)
 * @param meanWorkers workers per slot run (NaN if unknown)
 */
public record JobOutcome(
    int id,
    String type,
    int arrivalSlot,
    int firstStartSlot,
    double finishTime,
    double jctSlots,
    int slotsRun,
    double meanParameterServers,
    double meanWorkers) {
  /** A job whose allocations were not recorded. */
  public static JobOutcome of(JobResult job) {
    return new JobOutcome(
        job.id(),
        job.type().modelName(),
        job.arrivalSlot(),
        job.firstStartSlot(),
        job.completionTime() + 1,
        job.jct(),
        -1,
        Double.NaN,
        Double.NaN);
  }

  /** A job with its allocations; {@code usage} must be the same job's. */
  public static JobOutcome of(JobResult job, JobUsage usage) {
    if (usage.id() != job.id()) {
      throw new IllegalArgumentException(
          "usage of job " + usage.id() + " given for job " + job.id());
    }
    return new JobOutcome(
        job.id(),
        job.type().modelName(),
        job.arrivalSlot(),
        job.firstStartSlot(),
        job.completionTime() + 1,
        job.jct(),
        usage.slotsRun(),
        usage.meanParameterServers(),
        usage.meanWorkers());
  }

  /** Slots from arrival to the first allocation. */
  public int waitingSlots() {
    return firstStartSlot - arrivalSlot;
  }

  /** Whether slots run and mean allocations were recorded. */
  public boolean hasUsage() {
    return slotsRun >= 0;
  }
}
