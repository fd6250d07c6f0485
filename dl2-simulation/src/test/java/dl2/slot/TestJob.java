package dl2.slot;

import dl2.model.JobType;

/**
 * The test kit's one {@link JobView}: a job frozen as a scheduler or a state sees it during one
 * slot, every answer a component. {@link #of} gives a ResNet-50 that arrived at slot 0 with 100
 * epochs, no progress, no tasks and no caps; the {@code with} methods change one thing each. A NaN
 * {@code epochs} is a job without a length to read ({@code --lengths unknown}).
 */
public record TestJob(
    int id,
    JobType type,
    int arrivalSlot,
    double estimate,
    double progress,
    int workers,
    int parameterServers,
    int maxWorkers,
    int maxParameterServers,
    double dominantShare,
    int slotsRun)
    implements JobView {
  /** Job {@code id}: a ResNet-50 of 100 epochs that arrived at slot 0, holding nothing. */
  public static TestJob of(int id) {
    return new TestJob(
        id, JobType.RESNET_50, 0, 100, 0, 0, 0, Integer.MAX_VALUE, Integer.MAX_VALUE, 0, 0);
  }

  @Override
  public double epochs() {
    if (Double.isNaN(estimate)) {
      throw new IllegalStateException("job " + id + " has no length to read");
    }
    return estimate;
  }

  @Override
  public boolean lengthKnown() {
    return !Double.isNaN(estimate);
  }

  public TestJob withType(JobType newType) {
    return new TestJob(
        id,
        newType,
        arrivalSlot,
        estimate,
        progress,
        workers,
        parameterServers,
        maxWorkers,
        maxParameterServers,
        dominantShare,
        slotsRun);
  }

  /** The same job with {@code epochs} as its length E (NaN: none to read). */
  public TestJob withEpochs(double epochs) {
    return new TestJob(
        id,
        type,
        arrivalSlot,
        epochs,
        progress,
        workers,
        parameterServers,
        maxWorkers,
        maxParameterServers,
        dominantShare,
        slotsRun);
  }

  public TestJob withProgress(double done) {
    return new TestJob(
        id,
        type,
        arrivalSlot,
        estimate,
        done,
        workers,
        parameterServers,
        maxWorkers,
        maxParameterServers,
        dominantShare,
        slotsRun);
  }

  /** The same job holding {@code newWorkers} workers and {@code newPs} parameter servers. */
  public TestJob withTasks(int newWorkers, int newPs) {
    return new TestJob(
        id,
        type,
        arrivalSlot,
        estimate,
        progress,
        newWorkers,
        newPs,
        maxWorkers,
        maxParameterServers,
        dominantShare,
        slotsRun);
  }

  /** The same job capped at {@code workerCap} workers and {@code psCap} parameter servers. */
  public TestJob withCaps(int workerCap, int psCap) {
    return new TestJob(
        id,
        type,
        arrivalSlot,
        estimate,
        progress,
        workers,
        parameterServers,
        workerCap,
        psCap,
        dominantShare,
        slotsRun);
  }

  public TestJob withDominantShare(double share) {
    return new TestJob(
        id,
        type,
        arrivalSlot,
        estimate,
        progress,
        workers,
        parameterServers,
        maxWorkers,
        maxParameterServers,
        share,
        slotsRun);
  }

  public TestJob withSlotsRun(int slots) {
    return new TestJob(
        id,
        type,
        arrivalSlot,
        estimate,
        progress,
        workers,
        parameterServers,
        maxWorkers,
        maxParameterServers,
        dominantShare,
        slots);
  }
}
