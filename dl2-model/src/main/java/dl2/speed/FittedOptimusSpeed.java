package dl2.speed;

import dl2.model.JobType;

/**
 * The default speed model (dl2-spec §3.2): Optimus' synchronous form
 * f(p, w) = 1 / (a/w + b + c·w/p + d·w + e·p) with the project's fitted coefficients. As in
 * Optimus, a/w + b is the time per sample spent computing (the worker's share of the batch and a
 * fixed per-step cost) and c·w/p + d·w + e·p the time spent exchanging parameters.
 */
public final class FittedOptimusSpeed implements SplitSpeedModel {
  public static final FittedOptimusSpeed INSTANCE = new FittedOptimusSpeed();

  /** Coefficients {a, b, c, d, e} per type, in {@link JobType} order. Use them exactly. */
  private static final double[][] COEFFICIENTS = {
    {3.94011e-03, 1.30553e-02, 1.31660e-02, 2.30391e-04, 0},
    {1.69504e-02, 1.81616e-02, 2.52262e-02, 4.23684e-03, 0},
    {5.39291e-04, 1.21971e-03, 8.62690e-04, 1.55573e-04, 9.11162e-06},
    {3.10540e-03, 1.20371e-03, 1.30021e-03, 1.51622e-04, 2.19736e-05},
    {1.03787e-03, 8.45058e-04, 3.78746e-04, 2.05406e-04, 0},
    {7.46397e-03, 6.89091e-03, 4.74985e-04, 3.38764e-04, 0},
    {1.55011e-03, 4.59844e-04, 0, 2.85175e-05, 8.80262e-07},
    {5.87430e-04, 1.49649e-03, 9.91356e-04, 1.92351e-04, 0},
  };

  private FittedOptimusSpeed() {}

  @Override
  public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    double[] k = COEFFICIENTS[type.ordinal()];
    double p = numPs;
    double w = numWorkers;
    // Left-to-right order fixed by the spec for bit-for-bit results.
    double den = (((k[0] / w + k[1]) + (k[2] * w) / p) + k[3] * w) + k[4] * p;
    return 1.0 / den;
  }

  @Override
  public double computeSecondsPerSample(JobType type, int numPs, int numWorkers) {
    double[] k = COEFFICIENTS[type.ordinal()];
    return k[0] / numWorkers + k[1];
  }

  @Override
  public double communicationSecondsPerSample(JobType type, int numPs, int numWorkers) {
    double[] k = COEFFICIENTS[type.ordinal()];
    double p = numPs;
    double w = numWorkers;
    return ((k[2] * w) / p + k[3] * w) + k[4] * p;
  }

  @Override
  public String name() {
    return "fitted-optimus";
  }
}
