package dl2.learning;

import dl2.model.JobType;
import dl2.slot.JobView;

/**
 * A job for tests that need only some of what {@link JobView} tells: it arrived at slot 0, has no
 * caps, and answers the rest from its components.
 */
public record StubJob(
    int id,
    JobType type,
    int workers,
    int parameterServers,
    double epochs,
    double progress,
    double dominantShare,
    int slotsRun)
    implements JobView {
  @Override
  public int arrivalSlot() {
    return 0;
  }

  @Override
  public int maxWorkers() {
    return Integer.MAX_VALUE;
  }

  @Override
  public int maxParameterServers() {
    return Integer.MAX_VALUE;
  }
}
