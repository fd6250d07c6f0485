package dl2.speed;

import dl2.model.JobType;

/**
 * The default speed model (dl2-spec §3.2): Optimus' synchronous form ({@link OptimusCurve}) with
 * the project's fitted coefficients for the eight built-in models.
 */
public final class FittedOptimusSpeed implements SplitSpeedModel {
  public static final FittedOptimusSpeed INSTANCE = new FittedOptimusSpeed();

  /** Curves {a, b, c, d, e} per type, in {@link JobType} order. Use them exactly. */
  private static final OptimusCurve[] CURVES = {
    new OptimusCurve(3.94011e-03, 1.30553e-02, 1.31660e-02, 2.30391e-04, 0),
    new OptimusCurve(1.69504e-02, 1.81616e-02, 2.52262e-02, 4.23684e-03, 0),
    new OptimusCurve(5.39291e-04, 1.21971e-03, 8.62690e-04, 1.55573e-04, 9.11162e-06),
    new OptimusCurve(3.10540e-03, 1.20371e-03, 1.30021e-03, 1.51622e-04, 2.19736e-05),
    new OptimusCurve(1.03787e-03, 8.45058e-04, 3.78746e-04, 2.05406e-04, 0),
    new OptimusCurve(7.46397e-03, 6.89091e-03, 4.74985e-04, 3.38764e-04, 0),
    new OptimusCurve(1.55011e-03, 4.59844e-04, 0, 2.85175e-05, 8.80262e-07),
    new OptimusCurve(5.87430e-04, 1.49649e-03, 9.91356e-04, 1.92351e-04, 0),
  };

  private FittedOptimusSpeed() {}

  /** The fitted curve of a built-in type. */
  static OptimusCurve curve(JobType type) {
    if (!type.builtIn()) {
      throw new IllegalArgumentException(
          "the fitted default has no curve for the declared model "
              + type.modelName()
              + "; declare its curve or give it rows in a speed table");
    }
    return CURVES[type.ordinal()];
  }

  @Override
  public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
    return numPs < 1 || numWorkers < 1 ? 0 : curve(type).samplesPerSecond(numPs, numWorkers);
  }

  @Override
  public double computeSecondsPerSample(JobType type, int numPs, int numWorkers) {
    return curve(type).computeSecondsPerSample(numWorkers);
  }

  @Override
  public double communicationSecondsPerSample(JobType type, int numPs, int numWorkers) {
    return curve(type).communicationSecondsPerSample(numPs, numWorkers);
  }

  @Override
  public String name() {
    return "fitted-optimus";
  }
}
