package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.model.Rng;
import dl2.schedulers.OptimusFitted;
import dl2.slot.PlacementProbe;
import dl2.slot.TestJob;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pooled type prior: the mean of its members' curves, the shrinkage of a job's own fit toward
 * it, and which jobs it judges. Every probe puts the workers on node 0 and the PSs on node 1, so no
 * pair is local (π = 1) and no other job is near (I = 1): a curve's time per epoch there is f·θ
 * with f = (1/w, 1, w/p, w, p).
 */
class TypePriorTest {
  private static final double LAMBDA = 1;
  private static final List<OptimusFitted.Config> ONE_CONFIG =
      List.of(new OptimusFitted.Config(1, 1));

  private static PlacementProbe spread(int p, int w) {
    return new PlacementProbe(new int[] {w, 0}, new int[] {0, p}, new int[2][8]);
  }

  /** Time per epoch of θ at (p, w), no pair local. */
  private static double time(double[] theta, int p, int w) {
    double[] f = PlacedSpeedFit.features(p, w, 1);
    double t = 0;
    for (int j = 0; j < f.length; j++) {
      t += f[j] * theta[j];
    }
    return t;
  }

  /** Six configurations with independent features, so exact observations pin all five of θ. */
  private static final int[][] CONFIGS = {{1, 1}, {1, 2}, {2, 1}, {2, 4}, {4, 2}, {1, 4}};

  private static PlacedSpeedFit fitOf(double[] theta) {
    PlacedSpeedFit fit = new PlacedSpeedFit(JobType.RESNET_50);
    for (int[] c : CONFIGS) {
      fit.observe(spread(c[0], c[1]), 1 / time(theta, c[0], c[1]), true);
    }
    return fit;
  }

  /**
   * Two members measured exactly, θa = (4, 1, 0, 0, 0) and θb = (2, 3, 0, 0, 0): the pooled curve
   * is their mean, (3, 2, 0, 0, 0), so at (1 PS, 2 workers) it takes 3/2 + 2 = 3.5 slots per epoch
   * (the mean of θa's 3 and θb's 4).
   */
  @Test
  void thePooledCurveIsTheMeanOfItsMembers() {
    TypePrior prior =
        new TypePrior(new TypePrior.Config(2, 1, Double.POSITIVE_INFINITY), ONE_CONFIG);
    prior.admit(1, fitOf(new double[] {4, 1, 0, 0, 0}));
    prior.update(LAMBDA, new InterferenceEstimate());
    assertThat(prior.ready(JobType.RESNET_50)).as("one member of the two it needs").isFalse();
    prior.admit(2, fitOf(new double[] {2, 3, 0, 0, 0}));
    prior.admit(2, fitOf(new double[] {9, 9, 9, 9, 9})); // a member joins once
    prior.update(LAMBDA, new InterferenceEstimate());
    assertThat(prior.ready(JobType.RESNET_50)).isTrue();
    assertThat(prior.theta(JobType.RESNET_50))
        .containsExactly(new double[] {3, 2, 0, 0, 0}, within(1e-9));
    assertThat(time(prior.theta(JobType.RESNET_50), 1, 2)).isCloseTo(3.5, within(1e-9));
    assertThat(prior.ready(JobType.VGG_16)).isFalse();
  }

  /**
   * Shrinkage at one configuration: the pooled curve runs (1, 1) at 1 epoch per slot, the job was
   * measured once there at r = 2. With weight κ its time T minimises κ(1·T − 1)² + (2T − 1)², so T
   * = (κ + 2)/(κ + 4): κ = 1 gives T = 3/5, a speed of 5/3, between the job's 2 and the type's 1; κ
   * = 0 leaves the job's own 2.
   */
  @Test
  void aJobsFitIsShrunkTowardItsTypesCurve() {
    for (double[] kappaSpeed : new double[][] {{1, 5.0 / 3}, {0, 2}, {3, 7.0 / 5}}) {
      TypePrior prior = new TypePrior(new TypePrior.Config(1, kappaSpeed[0], 100), ONE_CONFIG);
      PlacedSpeedFit member = new PlacedSpeedFit(JobType.RESNET_50);
      member.observe(spread(1, 1), 1, true);
      prior.admit(1, member);
      prior.update(LAMBDA, new InterferenceEstimate());
      PlacedSpeedFit job = new PlacedSpeedFit(JobType.RESNET_50);
      job.observe(spread(1, 1), 2, true);
      double[] theta = job.shrunkTheta(LAMBDA, new InterferenceEstimate(), prior, 1, 1);
      assertThat(1 / time(theta, 1, 1))
          .as("κ = %s", kappaSpeed[0])
          .isCloseTo(kappaSpeed[1], within(1e-9));
    }
  }

  /**
   * The pooled curve (5, 0, 0, 0, 0) takes 5/2 slots per epoch with 2 workers: a job with 3 epochs
   * left needs 7.5 slots, one with 2 needs 5. With shortSlots 6 the pool judges the second and the
   * first is profiled; a member is never judged by its own pool.
   */
  @Test
  void onlyShortJobsAreJudgedByThePool() {
    TypePrior prior = new TypePrior(new TypePrior.Config(1, 1, 6), ONE_CONFIG);
    prior.admit(1, fitOf(new double[] {5, 0, 0, 0, 0}));
    prior.update(LAMBDA, new InterferenceEstimate());
    assertThat(prior.judges(TestJob.of(2), LAMBDA, 3)).isFalse();
    assertThat(prior.judges(TestJob.of(3), LAMBDA, 2)).isTrue();
    assertThat(prior.judges(TestJob.of(3), LAMBDA, 30)).as("decided once").isTrue();
    assertThat(prior.judges(TestJob.of(1), LAMBDA, 2)).as("a member").isFalse();
    assertThat(prior.judges(TestJob.of(4), LAMBDA, Double.NaN))
        .as("no length to read: profiled")
        .isFalse();
  }

  /**
   * Seeded: for random members' curves, weights and measurements at one configuration, the shrunk
   * speed lies between the job's own measured speed and the type's pooled speed there.
   */
  @Test
  void theShrunkSpeedLiesBetweenTheJobsAndTheTypes() {
    Rng rng = new Rng(20261202L);
    for (int trial = 0; trial < 200; trial++) {
      double pooledSpeed = 0.1 + 10 * rng.nextDouble();
      double ownSpeed = 0.1 + 10 * rng.nextDouble();
      double kappa = 5 * rng.nextDouble();
      TypePrior prior = new TypePrior(new TypePrior.Config(1, kappa, 100), ONE_CONFIG);
      PlacedSpeedFit member = new PlacedSpeedFit(JobType.RESNET_50);
      member.observe(spread(1, 1), pooledSpeed, true);
      prior.admit(1, member);
      prior.update(LAMBDA, new InterferenceEstimate());
      PlacedSpeedFit job = new PlacedSpeedFit(JobType.RESNET_50);
      job.observe(spread(1, 1), ownSpeed, true);
      double speed =
          1 / time(job.shrunkTheta(LAMBDA, new InterferenceEstimate(), prior, 1, 1), 1, 1);
      assertThat(speed)
          .isBetween(
              Math.min(pooledSpeed, ownSpeed) * (1 - 1e-9),
              Math.max(pooledSpeed, ownSpeed) * (1 + 1e-9));
    }
  }
}
