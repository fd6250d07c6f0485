package dl2.speed;

import dl2.model.JobType;
import java.util.Map;

/**
 * A speed model for a run with declared models: a declared model with a curve follows it, every
 * other model (the built-ins, and declared models given rows in a speed table) the base model.
 */
final class DeclaredSpeed implements SpeedModel {
  private final SpeedModel base;
  private final Map<JobType, OptimusCurve> curves;

  DeclaredSpeed(SpeedModel base, Map<JobType, OptimusCurve> curves) {
    this.base = base;
    this.curves = Map.copyOf(curves);
  }

  @Override
  public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
    OptimusCurve curve = curves.get(type);
    return curve == null
        ? base.samplesPerSecond(type, numPs, numWorkers)
        : curve.samplesPerSecond(numPs, numWorkers);
  }

  @Override
  public String name() {
    return base.name();
  }
}
