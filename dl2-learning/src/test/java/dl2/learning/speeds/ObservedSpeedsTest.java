package dl2.learning.speeds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobType;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.TestJob;
import dl2.speed.FittedOptimusSpeed;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservedSpeedsTest {
  private static final int SLOT_SECONDS = 1200;

  private static double truth(JobType type, int ps, int workers) {
    return FittedOptimusSpeed.INSTANCE.epochsPerSlot(type, ps, workers, SLOT_SECONDS);
  }

  private static JobView job(int id, JobType type) {
    return TestJob.of(id)
        .withType(type)
        .withEpochs(1000); // only id and type matter to the estimates
  }

  /** A full slot of job {@code id} at (ps, workers), at {@code factor} × its type's true speed. */
  private static JobProgress slot(int id, JobType type, int ps, int workers, double factor) {
    double epochs = truth(type, ps, workers) * factor;
    return new JobProgress(id, ps, workers, epochs, 1, epochs / 1000, false);
  }

  @Test
  void aTypeIsUnknownUntilMeasuredAndThenItsCurveIsRecoveredFromFiveConfigurations() {
    ObservedSpeeds speeds = new ObservedSpeeds();
    JobType type = JobType.RESNEXT_110; // all five Optimus terms are non-zero
    assertThat(speeds.epochsPerSlot(job(1, type), 2, 2)).isZero();
    int[][] configs = {{1, 1}, {2, 4}, {4, 2}, {8, 2}, {3, 7}, {16, 16}};
    for (int i = 0; i < configs.length; i++) {
      speeds.measured(type, slot(i + 1, type, configs[i][0], configs[i][1], 1));
    }
    for (int ps = 1; ps <= 16; ps += 5) {
      for (int workers = 1; workers <= 16; workers += 3) {
        // job 99 never ran: its type's curve, which the measurements pin down exactly (the world is
        // of Optimus form)
        assertThat(speeds.epochsPerSlot(job(99, type), ps, workers))
            .isCloseTo(truth(type, ps, workers), within(1e-6 * truth(type, ps, workers)));
      }
    }
  }

  @Test
  void aJobThatRunsFasterThanItsTypeIsEstimatedAtItsOwnLevel() {
    ObservedSpeeds speeds = new ObservedSpeeds();
    JobType type = JobType.RESNET_50;
    int[][] configs = {{1, 1}, {2, 4}, {4, 2}, {8, 2}, {3, 7}};
    for (int i = 0; i < configs.length; i++) {
      speeds.measured(type, slot(10 + i, type, configs[i][0], configs[i][1], 1));
    }
    speeds.measured(type, slot(1, type, 2, 2, 1.25)); // 25 % faster than the rest at (2, 2)
    double pooledAt44 = speeds.epochsPerSlot(job(99, type), 4, 4);
    assertThat(speeds.epochsPerSlot(job(1, type), 4, 4) / pooledAt44)
        .isCloseTo(
            1.25 * truth(type, 2, 2) / speeds.epochsPerSlot(job(99, type), 2, 2) / 1.0,
            within(0.02));
    assertThat(speeds.measurements(1)).isEqualTo(1);
  }

  /**
   * Levels are remembered between measurements; every measurement (of any job of any type) makes
   * them be computed again.
   */
  @Test
  void aLevelAsksNoLongerOnceANewMeasurementArrived() {
    ObservedSpeeds kept = new ObservedSpeeds();
    JobType type = JobType.RESNET_50;
    List<JobProgress> history =
        List.of(
            slot(10, type, 1, 1, 1),
            slot(11, type, 4, 2, 1),
            slot(1, type, 2, 2, 1.25),
            slot(12, type, 8, 2, 1),
            slot(1, type, 2, 3, 0.8),
            slot(13, JobType.VGG_16, 2, 2, 1),
            slot(11, type, 4, 4, 1.1));
    for (JobProgress measurement : history) {
      kept.measured(measurement.jobId() == 13 ? JobType.VGG_16 : type, measurement);
      double level = kept.level(job(1, type));
      double speed = kept.epochsPerSlot(job(11, type), 3, 3);
      ObservedSpeeds fresh = new ObservedSpeeds(); // the same measurements, no remembered level
      for (JobProgress earlier : history.subList(0, history.indexOf(measurement) + 1)) {
        fresh.measured(earlier.jobId() == 13 ? JobType.VGG_16 : type, earlier);
      }
      assertThat(level).isEqualTo(fresh.level(job(1, type)));
      assertThat(speed).isEqualTo(fresh.epochsPerSlot(job(11, type), 3, 3));
    }
  }

  @Test
  void withoutAWorkerOrAPsNothingIsMeasuredAndNothingIsEstimated() {
    ObservedSpeeds speeds = new ObservedSpeeds();
    speeds.measured(JobType.WLM, new JobProgress(1, 0, 3, 0, 1, 0, false));
    assertThat(speeds.knows(JobType.WLM)).isFalse();
    speeds.measured(JobType.WLM, slot(1, JobType.WLM, 1, 1, 1));
    assertThat(speeds.epochsPerSlot(job(1, JobType.WLM), 0, 4)).isZero();
  }

  @Test
  void aCompletedJobAndANewTraceForgetJobsButNotTypes() {
    ObservedSpeeds speeds = new ObservedSpeeds();
    speeds.measured(JobType.WLM, slot(1, JobType.WLM, 1, 1, 1));
    speeds.measured(JobType.WLM, slot(2, JobType.WLM, 1, 1, 1));
    double epochs = truth(JobType.WLM, 1, 1);
    speeds.measured(JobType.WLM, new JobProgress(1, 1, 1, epochs / 2, 0.5, 0, true));
    assertThat(speeds.measurements(1)).isZero();
    assertThat(speeds.measurements(2)).isEqualTo(1);
    speeds.startTrace();
    assertThat(speeds.measurements(2)).isZero();
    assertThat(speeds.knows(JobType.WLM)).isTrue();
  }

  @Test
  void itsMemoryKeepsWhatWasMeasuredOfTypesButNotOfJobs() {
    ObservedSpeeds speeds = new ObservedSpeeds();
    int[][] configs = {{1, 1}, {2, 4}, {4, 2}, {8, 2}, {3, 7}};
    for (int i = 0; i < configs.length; i++) {
      speeds.measured(JobType.WLM, slot(i + 1, JobType.WLM, configs[i][0], configs[i][1], 1));
    }
    speeds.measured(JobType.WLM, slot(9, JobType.WLM, 2, 2, 1.5));
    ObservedSpeeds restored = ObservedSpeeds.from(speeds.memory());
    assertThat(restored.knows(JobType.WLM)).isTrue();
    assertThat(restored.knows(JobType.DSSM)).isFalse();
    assertThat(restored.epochsPerSlot(job(99, JobType.WLM), 5, 5))
        .isEqualTo(speeds.epochsPerSlot(job(99, JobType.WLM), 5, 5));
    assertThat(restored.measurements(9)).as("jobs are not remembered").isZero();
  }

  @Test
  void itsStateRoundTripsExactly() {
    ObservedSpeeds speeds = new ObservedSpeeds();
    speeds.measured(JobType.DSSM, slot(1, JobType.DSSM, 1, 3, 0.9));
    speeds.measured(JobType.DSSM, slot(2, JobType.DSSM, 2, 5, 1.1));
    speeds.measured(JobType.VGG_16, slot(3, JobType.VGG_16, 4, 2, 1));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    speeds.writeState(out);
    out.flush();
    ObservedSpeeds restored = new ObservedSpeeds();
    restored.readState(new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "test"));
    for (int id = 1; id <= 3; id++) {
      JobType type = id == 3 ? JobType.VGG_16 : JobType.DSSM;
      assertThat(restored.epochsPerSlot(job(id, type), 3, 3))
          .isEqualTo(speeds.epochsPerSlot(job(id, type), 3, 3));
    }
  }
}
