package dl2.lengths;

import dl2.model.JobType;
import dl2.slot.JobView;

/**
 * A job as a belief about its length shows it: the same job with {@code epochs} as its length E
 * (and a length to read, also where the cluster has none); everything else is the job's own.
 */
public record BelievedJob(JobView job, double epochs) implements JobView {
  @Override
  public int id() {
    return job.id();
  }

  @Override
  public JobType type() {
    return job.type();
  }

  @Override
  public int arrivalSlot() {
    return job.arrivalSlot();
  }

  @Override
  public double epochs() {
    return epochs;
  }

  @Override
  public boolean lengthKnown() {
    return true;
  }

  @Override
  public double progress() {
    return job.progress();
  }

  @Override
  public int workers() {
    return job.workers();
  }

  @Override
  public int parameterServers() {
    return job.parameterServers();
  }

  @Override
  public int maxWorkers() {
    return job.maxWorkers();
  }

  @Override
  public int maxParameterServers() {
    return job.maxParameterServers();
  }

  @Override
  public double dominantShare() {
    return job.dominantShare();
  }

  @Override
  public int slotsRun() {
    return job.slotsRun();
  }
}
