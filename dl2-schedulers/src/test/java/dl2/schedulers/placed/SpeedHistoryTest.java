package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.schedulers.OptimusFitted;
import dl2.slot.PlacementProbe;
import dl2.slot.TestJob;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A history of measured jobs and the type curve it fits. Every probe puts the workers on node 0 and
 * the PSs on node 1 (π = 1, I = 1), so a curve's time per epoch there is f·θ with f = (1/w, 1, w/p,
 * w, p); six configurations pin all five terms.
 */
class SpeedHistoryTest {
  private static final double[] THETA = {2, 1, 1, 0.5, 0.25};
  private static final int[][] CONFIGS = {{1, 1}, {1, 2}, {2, 1}, {2, 4}, {4, 2}, {1, 4}};

  private static PlacementProbe spread(int p, int w) {
    return new PlacementProbe(new int[] {w, 0}, new int[] {0, p}, new int[2][8]);
  }

  private static double time(double[] theta, int p, int w) {
    double[] f = PlacedSpeedFit.features(p, w, 1);
    double t = 0;
    for (int j = 0; j < f.length; j++) {
      t += f[j] * theta[j];
    }
    return t;
  }

  /** A job running {@code slower} times θ's time, seen {@code times} slots at every config. */
  private static PlacedSpeedFit job(double slower, int times) {
    PlacedSpeedFit fit = new PlacedSpeedFit(JobType.VGG_16);
    for (int[] c : CONFIGS) {
      for (int i = 0; i < times; i++) {
        fit.observe(spread(c[0], c[1]), 1 / (slower * time(THETA, c[0], c[1])), true);
      }
    }
    return fit;
  }

  private static SpeedHistory of(PlacedSpeedFit... fits) {
    SpeedHistory history = new SpeedHistory();
    for (PlacedSpeedFit fit : fits) {
      history.record(fit, 1, new InterferenceEstimate());
    }
    return history;
  }

  /**
   * Two jobs of one shape, one at θ's time and one twice as slow: the type's curve is the mean
   * job's time, 1.5·θ, not the relative-error fit of the pooled rows, which leans toward the fast
   * job (min (r·t − 1)² over speeds r of 1 and 1/2 gives t = 1.2).
   */
  @Test
  void theTypeCurveIsTheMeanJobsTimeInTheSharedShape() {
    double[] theta = of(job(1, 1), job(2, 1)).typeTheta(JobType.VGG_16.ordinal());
    for (int j = 0; j < 5; j++) {
      assertThat(theta[j]).isCloseTo(1.5 * THETA[j], within(1e-6));
    }
  }

  /**
   * The fast job seen ten slots at every configuration and the slow one once: each weighs one
   * measurement, so the curve is still 1.5·θ (a long-lived job does not pull the type its way).
   */
  @Test
  void everyJobWeighsOneMeasurementHoweverLongItRan() {
    double[] theta = of(job(1, 10), job(2, 1)).typeTheta(JobType.VGG_16.ordinal());
    assertThat(time(theta, 2, 2)).isCloseTo(1.5 * time(THETA, 2, 2), within(1e-6));
  }

  @Test
  void aTypeWithoutJobsHasNoCurveAndAddingHistoriesKeepsEveryJob() {
    SpeedHistory history = of(job(1, 1));
    assertThat(history.typeTheta(JobType.RESNET_50.ordinal())).isNull();
    history.addAll(of(job(2, 1)));
    assertThat(history.jobs(JobType.VGG_16)).isEqualTo(2);
    assertThat(history.typeTheta(JobType.VGG_16.ordinal())[0])
        .isCloseTo(1.5 * THETA[0], within(1e-6));
  }

  @Test
  void aRowWithoutItsTargetIsRefused() {
    assertThatThrownBy(
            () -> new SpeedHistory().record(JobType.VGG_16, new double[2][5], new double[1]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new SpeedHistory().record(JobType.VGG_16, new double[1][5], new double[] {0}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * With a history of the type, the pool is ready before any job of the run is profiled, and a
   * short job is judged by the history's curve (here θ itself: one job at level 1) from its first
   * slot: 1 epoch at (1, 1) takes f·θ = 2 + 1 + 1 + 0.5 + 0.25 = 4.75 slots, within 5.
   */
  @Test
  void aTypeSeenBeforeIsPooledFromTheFirstSlot() {
    TypePrior prior =
        new TypePrior(
            new TypePrior.Config(3, 0.5, 5, true),
            List.of(new OptimusFitted.Config(1, 1)),
            of(job(1, 1)));
    prior.update(1, new InterferenceEstimate());
    assertThat(prior.ready(JobType.VGG_16)).isTrue();
    assertThat(prior.ready(JobType.RESNET_50)).isFalse();
    TestJob shortJob =
        TestJob.of(7).withType(JobType.VGG_16).withTasks(0, 0).withEpochs(1).withCaps(1, 1);
    assertThat(prior.judges(shortJob, 1, 1)).isTrue();
    double[] judged = prior.scaledTheta(shortJob, null, 1, new InterferenceEstimate());
    assertThat(time(judged, 1, 1)).isCloseTo(4.75, within(1e-9));
  }
}
