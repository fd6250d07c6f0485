package dl2.learning.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.learning.speeds.ObservedSpeeds;
import dl2.model.JobType;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.TestJob;
import org.junit.jupiter.api.Test;

class ObservedFeaturesTest {
  private static final int CAP = 16;

  private static double[] features(JobView job, ObservedSpeeds speeds, int slot) {
    double[] out = new double[ObservedFeatures.COUNT];
    ObservedFeatures.encode(job, slot, speeds, CAP, out, 1, 0);
    return out;
  }

  /**
   * Speeds of a type whose jobs run 100·w epochs a slot at any PS count: measured at (1,1), (2,2),
   * (1,3), (3,1), (2,5).
   */
  private static ObservedSpeeds linearInWorkers(JobType type) {
    ObservedSpeeds speeds = new ObservedSpeeds();
    int[][] configs = {{1, 1}, {2, 2}, {1, 3}, {3, 1}, {2, 5}};
    for (int i = 0; i < configs.length; i++) {
      double rate = 100.0 * configs[i][1];
      speeds.measured(
          type, new JobProgress(10 + i, configs[i][0], configs[i][1], rate, 1, 0, false));
    }
    return speeds;
  }

  @Test
  void aJobOfAMeasuredTypeSeesItsSizeInSlotsAndWhatEachTaskWouldAdd() {
    // 1/rate = a/w with a = 1/100 fits exactly: 2 workers run 200 epochs a slot
    JobView job = job(JobType.RESNET_50, 2, 1, 4000, 1000);
    double[] f = features(job, linearInWorkers(JobType.RESNET_50), 5);
    assertThat(f[0]).isCloseTo(Math.log1p(3000) / 16, within(1e-12));
    assertThat(f[1]).isCloseTo(Math.log1p(4000) / 16, within(1e-12));
    assertThat(f[2]).isCloseTo(Math.log1p(4000 / 200.0) / 8, within(1e-9));
    assertThat(f[3]).isCloseTo(Math.log1p(3000 / 200.0) / 8, within(1e-9));
    assertThat(f[4]).as("a worker adds half the speed").isCloseTo(0.5, within(1e-9));
    assertThat(f[5]).as("a PS adds nothing").isCloseTo(0, within(1e-9));
    assertThat(f[6]).isCloseTo(0.5, within(1e-9));
    assertThat(f[10]).isEqualTo(1);
    assertThat(f[13]).isEqualTo(2.0 / CAP);
    assertThat(f[14]).isEqualTo(1.0 / CAP);
    assertThat(f[15]).isEqualTo(0.125);
    assertThat(f[16]).isCloseTo(Math.log1p(5) / 10, within(1e-12));
    assertThat(f[17]).isEqualTo(1);
  }

  @Test
  void aJobOfATypeNeverMeasuredHasNoSpeedFeaturesAndSaysSo() {
    double[] f = features(job(JobType.DSSM, 1, 1, 500, 0), linearInWorkers(JobType.RESNET_50), 0);
    for (int k = 2; k <= 10; k++) {
      assertThat(f[k]).as("feature %d", k).isZero();
    }
    assertThat(f[12]).as("level of an unmeasured job").isZero();
    assertThat(f[17]).as("dssm runs on CPUs").isZero();
  }

  @Test
  void tenMillionEpochsStayInRange() {
    double[] f =
        features(job(JobType.RESNET_50, 1, 1, 1e7, 0), linearInWorkers(JobType.RESNET_50), 100_000);
    for (double v : f) {
      assertThat(v).isFinite().isBetween(-2.0, 2.0);
    }
    assertThat(f[1]).isCloseTo(Math.log1p(1e7) / 16, within(1e-12));
  }

  /**
   * After a task, rewriting the allocation's features gives the whole encoding of the job as it now
   * is.
   */
  @Test
  void reencodingTheAllocationEqualsEncodingAfresh() {
    ObservedSpeeds speeds = linearInWorkers(JobType.RESNET_50);
    for (JobView after :
        new JobView[] {
          job(JobType.RESNET_50, 3, 1, 4000, 1000),
          job(JobType.RESNET_50, 2, 2, 4000, 1000),
          job(JobType.DSSM, 3, 2, 500, 0)
        }) {
      double[] out = features(job(after.type(), 2, 1, after.epochs(), after.progress()), speeds, 7);
      ObservedFeatures.encodeAllocation(after, speeds, CAP, out, 1, 0);
      assertThat(out).containsExactly(features(after, speeds, 7));
    }
  }

  /** A job with the given counts and epochs; id 1, dominant share 1/8, two slots run. */
  private static JobView job(
      JobType type, int workers, int parameterServers, double epochs, double progress) {
    return TestJob.of(1)
        .withType(type)
        .withTasks(workers, parameterServers)
        .withEpochs(epochs)
        .withProgress(progress)
        .withDominantShare(0.125)
        .withSlotsRun(2);
  }
}
