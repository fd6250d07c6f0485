package dl2.learning.state;

import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.slot.JobView;

/** A job as it would look with different counts: the state between a bundle's worker and its PS. */
public record AdjustedJobView(JobView job, int workers, int parameterServers, ClusterSpec cluster)
    implements JobView {
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
    return job.epochs();
  }

  @Override
  public double progress() {
    return job.progress();
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
    return cluster.dominantShare(job.type(), workers, parameterServers);
  }

  @Override
  public int slotsRun() {
    return job.slotsRun();
  }
}
