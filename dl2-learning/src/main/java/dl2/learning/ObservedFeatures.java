package dl2.learning;

import dl2.simulation.JobView;

/**
 * The state of a job as a cluster observes it, without its model's name (Project; the paper
 * one-hot encodes the type): its size and remaining work, in epochs and in slots at its measured
 * speed; what one more worker, PS or bundle would add by the speeds fitted to the measurements
 * ({@link ObservedSpeeds}), as a relative gain and as the marginal reward; how much is known
 * (measurements of its type and of the job itself, its level against its type); its allocation,
 * age and demand. Lengths enter on log scales, so a job of 10 or 10^7 epochs stays in range,
 * nothing is clipped. A job whose type was never measured has every speed feature at 0 and its
 * "known" flag at 0.
 */
final class ObservedFeatures {
  /** Features per column. */
  static final int COUNT = 18;
  private static final double LOG_EPOCHS = 16; // ln(10^7) ≈ 16: the longest jobs of real traces
  private static final double LOG_SLOTS = 8; // ln(3000) ≈ 8
  private static final double LOG_AGE = 10; // ln(10^5 slots, the simulator's limit) ≈ 11.5
  private static final double LOG_REWARD = 5;
  private static final double REWARD_SCALE = 100; // marginal rewards are O(0.001 – 1)
  private static final double LOG_9 = Math.log(9); // a job keeps its last 8 measurements: ln(1 + 8)

  private ObservedFeatures() {}

  /**
   * Writes job {@code job}'s features into {@code out}, feature f at {@code f·stride + offset}.
   *
   * @param speeds speeds fitted to this cluster's measurements
   */
  static void encode(JobView job, int slot, ObservedSpeeds speeds, int taskCap, double[] out, int stride, int offset) {
    int p = job.parameterServers();
    int w = job.workers();
    double remaining = Math.max(0, job.epochs() - job.progress());
    boolean known = speeds.knows(job.type());
    double now = speeds.epochsPerSlot(job, p, w);
    double reference = now > 0 ? now : speeds.epochsPerSlot(job, 1, 1);
    double[] f = new double[COUNT];
    f[0] = Math.log1p(remaining) / LOG_EPOCHS;
    f[1] = Math.log1p(job.epochs()) / LOG_EPOCHS;
    if (known && reference > 0) {
      f[2] = Math.log1p(job.epochs() / reference) / LOG_SLOTS;
      f[3] = Math.log1p(remaining / reference) / LOG_SLOTS;
      double[] after = {speeds.epochsPerSlot(job, p, w + 1), speeds.epochsPerSlot(job, p + 1, w),
          speeds.epochsPerSlot(job, p + 1, w + 1)};
      for (int k = 0; k < 3; k++) {
        f[4 + k] = (after[k] - now) / reference;
        f[7 + k] = asinh(REWARD_SCALE * (after[k] - now) / job.epochs()) / LOG_REWARD;
      }
    }
    f[10] = known ? 1 : 0;
    f[11] = Math.log1p(speeds.measurements(job.id())) / LOG_9;
    f[12] = Math.log(speeds.level(job));
    f[13] = (double) w / taskCap;
    f[14] = (double) p / taskCap;
    f[15] = job.dominantShare();
    f[16] = Math.log1p(Math.max(0, slot - job.arrivalSlot())) / LOG_AGE;
    f[17] = job.type().usesGpu() ? 1 : 0;
    for (int k = 0; k < COUNT; k++) {
      out[k * stride + offset] = f[k];
    }
  }

  /** A logarithm for both signs: asinh(x) = sign(x)·ln(|x| + √(x² + 1)). */
  private static double asinh(double x) {
    double a = Math.abs(x);
    return Math.copySign(Math.log(a + Math.sqrt(a * a + 1)), x);
  }
}
