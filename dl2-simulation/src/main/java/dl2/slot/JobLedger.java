package dl2.slot;

import dl2.model.JobResult;
import dl2.model.JobSpec;

/**
 * What carries over between slots for one job, wherever its slots run (simulator, emulator,
 * controller): the epochs done, the slots in which it held a task, its first start, and the
 * allocation of the last slot it ran. {@link #train} is the one rule for a slot of training
 * (dl2-spec §3.3, §9.4); {@link #completed} gives the result by the one JCT rule (§5.3).
 *
 * @param progress P, epochs done so far
 * @param slotsRun slots in which the job held at least one task
 * @param firstStartSlot the first such slot; -1 before it
 * @param lastRunSlot the last such slot; -1 before the first, and after a resume (its allocation is
 *     not kept)
 * @param lastWorkers workers in {@code lastRunSlot}
 * @param lastParameterServers parameter servers in {@code lastRunSlot}
 */
public record JobLedger(
    double progress,
    int slotsRun,
    int firstStartSlot,
    int lastRunSlot,
    int lastWorkers,
    int lastParameterServers) {
  /** A job that has not run yet. */
  public static final JobLedger NEW = new JobLedger(0, 0, -1, -1, 0, 0);

  /**
   * What a saved run kept of a job: its progress, slots run and first start (the last allocation is
   * not saved).
   */
  public static JobLedger restored(double progress, int slotsRun, int firstStartSlot) {
    return new JobLedger(progress, slotsRun, firstStartSlot, -1, 0, 0);
  }

  /** The ledger once the job took its first task of slot {@code slot}. */
  public JobLedger started(int slot) {
    return firstStartSlot >= 0
        ? this
        : new JobLedger(progress, slotsRun, slot, lastRunSlot, lastWorkers, lastParameterServers);
  }

  /**
   * The ledger once the job held {@code workers} and {@code parameterServers} in slot {@code slot}
   * (counted once, however often the slot is redone), without a change of progress: what a
   * controller that measures progress rather than computing it records.
   */
  public JobLedger ran(int slot, int workers, int parameterServers) {
    int runs = lastRunSlot == slot ? slotsRun : slotsRun + 1;
    return new JobLedger(
        progress,
        runs,
        firstStartSlot < 0 ? slot : firstStartSlot,
        slot,
        workers,
        parameterServers);
  }

  /** Workers the job held in the slot before {@code slot}: 0 unless it ran then. */
  public int workersBefore(int slot) {
    return lastRunSlot == slot - 1 ? lastWorkers : 0;
  }

  /** Parameter servers the job held in the slot before {@code slot}: 0 unless it ran then. */
  public int parameterServersBefore(int slot) {
    return lastRunSlot == slot - 1 ? lastParameterServers : 0;
  }

  /** A slot of training and the ledger after it. */
  public record Trained(JobLedger ledger, ProgressStep step) {}

  /**
   * Slot {@code slot} of training with {@code workers} and {@code parameterServers}: the slot's
   * full epochs {@code fullSlotEpochs} less what resizing costs against the slot before, truncated
   * at E* ({@code realEpochs}).
   */
  public Trained train(
      int slot,
      int workers,
      int parameterServers,
      double fullSlotEpochs,
      double realEpochs,
      ScalingCost cost,
      int slotSeconds) {
    double lost =
        cost.lostFraction(
            workersBefore(slot),
            parameterServersBefore(slot),
            workers,
            parameterServers,
            slotsRun > 0,
            slotSeconds);
    ProgressStep step = ProgressStep.of(progress, realEpochs, fullSlotEpochs, lost);
    JobLedger after = ran(slot, workers, parameterServers);
    return new Trained(
        new JobLedger(
            progress + step.epochs(),
            after.slotsRun,
            after.firstStartSlot,
            slot,
            workers,
            parameterServers),
        step);
  }

  /**
   * The result of {@code job}, which completed in slot {@code slot} after {@code step}, at e = ts −
   * 1 + φ.
   */
  public JobResult completed(JobSpec job, int slot, ProgressStep step) {
    return JobResult.completed(
        job.id(), job.type(), job.arrivalSlot(), step.completionTime(slot), firstStartSlot);
  }
}
