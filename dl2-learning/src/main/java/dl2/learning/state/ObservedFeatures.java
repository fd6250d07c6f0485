package dl2.learning.state;

import dl2.learning.speeds.ObservedSpeeds;
import dl2.slot.JobView;

/**
 * The state of a job as a cluster observes it, without its model's name (Project; the paper one-hot
 * encodes the type): its size and remaining work, in epochs and in slots at its measured speed;
 * what one more worker, PS or bundle would add by the speeds fitted to the measurements ({@link
 * ObservedSpeeds}), as a relative gain and as the marginal reward; how much is known (measurements
 * of its type and of the job itself, its level against its type); its allocation, age and demand.
 * Lengths enter on log scales, so a job of 10 or 10^7 epochs stays in range, nothing is clipped. A
 * job whose type was never measured has every speed feature at 0 and its "known" flag at 0.
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
  // what one more worker, PS and bundle add
  private static final int[] WORKERS_ADDED = {1, 0, 1};
  private static final int[] PS_ADDED = {0, 1, 1};

  private ObservedFeatures() {}

  /**
   * Writes job {@code job}'s features into {@code out}, feature f at {@code f·stride + offset}.
   *
   * @param speeds speeds fitted to this cluster's measurements
   */
  static void encode(
      JobView job,
      int slot,
      ObservedSpeeds speeds,
      int taskCap,
      double[] out,
      int stride,
      int offset) {
    encodeSlotConstants(job, slot, speeds, out, stride, offset);
    encodeAllocation(job, speeds, taskCap, out, stride, offset);
  }

  /**
   * The features that stay put through a slot's decisions (progress, measurements and levels change
   * only between slots): length, remaining work, what is known, age, kind.
   */
  private static void encodeSlotConstants(
      JobView job, int slot, ObservedSpeeds speeds, double[] out, int stride, int offset) {
    double remaining = Math.max(0, job.epochs() - job.progress());
    out[offset] = Math.log1p(remaining) / LOG_EPOCHS;
    out[stride + offset] = Math.log1p(job.epochs()) / LOG_EPOCHS;
    out[10 * stride + offset] = speeds.knows(job.type()) ? 1 : 0;
    out[11 * stride + offset] = Math.log1p(speeds.measurements(job.id())) / LOG_9;
    out[12 * stride + offset] = Math.log(speeds.level(job));
    out[16 * stride + offset] = Math.log1p(Math.max(0, slot - job.arrivalSlot())) / LOG_AGE;
    out[17 * stride + offset] = job.type().usesGpu() ? 1 : 0;
  }

  /**
   * The features a decision changes when it gives the job a task: its speed and the gains of one
   * more task at its allocation, its counts and its share. Re-encoding a job after each of a slot's
   * decisions needs only these.
   */
  static void encodeAllocation(
      JobView job, ObservedSpeeds speeds, int taskCap, double[] out, int stride, int offset) {
    int p = job.parameterServers();
    int w = job.workers();
    double remaining = Math.max(0, job.epochs() - job.progress());
    double now = speeds.epochsPerSlot(job, p, w);
    double reference = now > 0 ? now : speeds.epochsPerSlot(job, 1, 1);
    if (!(speeds.knows(job.type()) && reference > 0)) {
      for (int k = 2; k < 10; k++) {
        out[k * stride + offset] = 0; // a type never measured: no speed features
      }
    } else {
      out[2 * stride + offset] = Math.log1p(job.epochs() / reference) / LOG_SLOTS;
      out[3 * stride + offset] = Math.log1p(remaining / reference) / LOG_SLOTS;
      for (int k = 0; k < 3; k++) {
        double after = speeds.epochsPerSlot(job, p + PS_ADDED[k], w + WORKERS_ADDED[k]);
        out[(4 + k) * stride + offset] = (after - now) / reference;
        out[(7 + k) * stride + offset] =
            asinh(REWARD_SCALE * (after - now) / job.epochs()) / LOG_REWARD;
      }
    }
    out[13 * stride + offset] = (double) w / taskCap;
    out[14 * stride + offset] = (double) p / taskCap;
    out[15 * stride + offset] = job.dominantShare();
  }

  /** A logarithm for both signs: asinh(x) = sign(x)·ln(|x| + √(x² + 1)). */
  private static double asinh(double x) {
    double a = Math.abs(x);
    return Math.copySign(Math.log(a + Math.sqrt(a * a + 1)), x);
  }
}
