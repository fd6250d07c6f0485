package dl2.learning.sl;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.observer;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Rng;
import dl2.schedulers.Drf;
import dl2.schedulers.tetris.Tetris;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeacherRecorderTest {
  private static List<LabelledSample> recordFirstSlot(
      Scheduler teacher, boolean split, int window) {
    // One node, cap 2: DRF gives job 1 a bundle, job 2 a bundle, then the node (8 cores) is full.
    Simulator sim = simulator(1, 2, job(1, JobType.DSSM, 0, 1000), job(2, JobType.DSSM, 0, 1000));
    List<LabelledSample> samples = new ArrayList<>();
    teacher.schedule(
        new TeacherRecorder(
            sim.beginSlot(), observer(window, 2), split, false, null, samples::add));
    return samples;
  }

  @Test
  void aDrfBundleBecomesAWorkerSampleThenAPsSampleFromTheStateAfterTheWorker() {
    List<LabelledSample> samples = recordFirstSlot(new Drf(), true, 2);
    assertThat(samples).extracting(LabelledSample::label).containsExactly(0, 1, 3, 4);
    // Row 4 (workers) of the second sample shows job 1's worker; row 5 (PS) still 0.
    assertThat(samples.get(1).state()[8]).isEqualTo(1);
    assertThat(samples.get(1).state()[10]).isZero();
    assertThat(samples.get(2).state()[8]).isEqualTo(1);
    assertThat(samples.get(2).state()[10]).isEqualTo(1);
  }

  @Test
  void unsplitBundlesAreLabelledAsBundles() {
    List<LabelledSample> samples = recordFirstSlot(new Tetris(), false, 2);
    assertThat(samples).extracting(LabelledSample::label).allMatch(a -> a % 3 == 2);
  }

  @Test
  void aJobOutsideTheWindowGetsAnAllZeroLabel() {
    List<LabelledSample> samples = recordFirstSlot(new Drf(), true, 1);
    assertThat(samples).extracting(LabelledSample::label).containsExactly(0, 1, -1, -1);
  }

  @Test
  void shuffledRecordingIsReproducibleFromItsSeed() {
    List<double[]> first = new ArrayList<>();
    List<double[]> second = new ArrayList<>();
    for (List<double[]> out : List.of(first, second)) {
      Simulator sim = simulator(1, 2, job(1, JobType.DSSM, 0, 1000), job(2, JobType.WLM, 0, 1000));
      new Drf()
          .schedule(
              new TeacherRecorder(
                  sim.beginSlot(),
                  observer(6, 2),
                  true,
                  false,
                  new Rng(11),
                  s -> out.add(s.state())));
    }
    assertThat(first).hasSameSizeAs(second);
    for (int i = 0; i < first.size(); i++) {
      assertThat(first.get(i)).containsExactly(second.get(i));
    }
  }
}
