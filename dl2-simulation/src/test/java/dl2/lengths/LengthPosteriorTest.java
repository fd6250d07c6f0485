package dl2.lengths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.slot.JobView;
import dl2.slot.TestJob;
import dl2.workload.LengthError;
import org.junit.jupiter.api.Test;

/**
 * The posterior by hand: prior {10, 100} epochs, log-Laplace error of scale 1, so a length s
 * explains an estimate Ê with weight e^(−|ln(Ê/s)|) = min(Ê/s, s/Ê).
 */
class LengthPosteriorTest {
  private static final LengthPosterior POSTERIOR =
      new LengthPosterior(new double[] {100, 10}, new LengthError(LengthError.Kind.LOG_LAPLACE, 1));

  /** A job as a cluster sees it: {@code estimate} NaN when it has none (unknown lengths). */
  private static JobView seen(int id, double estimate, double progress) {
    return TestJob.of(id)
        .withEpochs(estimate)
        .withProgress(progress)
        .withTasks(1, 2)
        .withCaps(3, 4)
        .withDominantShare(0.25)
        .withSlotsRun(5);
  }

  /**
   * Ê = 100, P = 0: weights 1 (s = 100) and 1/10 (s = 10), E[S] = (100 + 1) / 1.1 = 91.818…; P = 20
   * leaves 100 alone (80 to go); no estimate: the prior's mean 55; past every prior length, the
   * estimate's remainder (400 − 150), or without one the longest's distance past the median.
   */
  @Test
  void expectedRemainingEpochsByHand() {
    assertThat(POSTERIOR.expectedRemainingEpochs(0, 100)).isCloseTo(101 / 1.1, within(1e-9));
    assertThat(POSTERIOR.expectedRemainingEpochs(0, 10)).isCloseTo(20 / 1.1, within(1e-9));
    assertThat(POSTERIOR.expectedRemainingEpochs(20, 100)).isCloseTo(80, within(1e-9));
    assertThat(POSTERIOR.expectedRemainingEpochs(0, Double.NaN)).isCloseTo(55, within(1e-9));
    assertThat(POSTERIOR.expectedRemainingEpochs(150, 400)).isCloseTo(250, within(1e-9));
    assertThat(POSTERIOR.expectedRemainingEpochs(150, Double.NaN)).isEqualTo(1e-9);
    assertThat(POSTERIOR.epochs()).containsExactly(10, 100);
  }

  @Test
  void asGivenShowsTheJobItself() {
    JobView job = seen(1, 40, 5);
    assertThat(LengthBelief.AS_GIVEN.view(job)).isSameAs(job);
    assertThat(LengthBelief.AS_GIVEN.asGiven()).isTrue();
  }

  /**
   * The believed length is P + E[S − P | S > P, Ê]: 0 + 91.818… for Ê = 100; under unknown lengths
   * 20 + 80 on the prior alone, with a length to read; everything else is the job's own.
   */
  @Test
  void thePosteriorBeliefShowsTheExpectedTotalLength() {
    LengthBelief belief = LengthBelief.posterior(POSTERIOR);
    JobView estimated = belief.view(seen(1, 100, 0));
    assertThat(estimated.epochs()).isCloseTo(101 / 1.1, within(1e-9));
    JobView unknown = belief.view(seen(2, Double.NaN, 20));
    assertThat(unknown.lengthKnown()).isTrue();
    assertThat(unknown.epochs()).isCloseTo(100, within(1e-9));
    assertThat(unknown.remainingFraction()).isCloseTo(0.8, within(1e-9));
    assertThat(
            new int[] {
              unknown.id(),
              unknown.workers(),
              unknown.parameterServers(),
              unknown.maxWorkers(),
              unknown.maxParameterServers(),
              unknown.slotsRun()
            })
        .containsExactly(2, 1, 2, 3, 4, 5);
    assertThat(unknown.dominantShare()).isEqualTo(0.25);
    assertThat(unknown.progress()).isEqualTo(20);
    // remembered until the progress moves: job 2 at 50 epochs has 50 to go of the 100
    assertThat(belief.epochs(seen(2, Double.NaN, 50))).isCloseTo(100, within(1e-9));
  }

  /**
   * A training run replays traces whose job ids restart, through one belief: a new job 1 with
   * another estimate at the same progress is believed afresh, not as the old job 1.
   */
  @Test
  void aJobIdSeenAgainWithAnotherEstimateIsBelievedAfresh() {
    LengthBelief belief = LengthBelief.posterior(POSTERIOR);
    double first = belief.epochs(seen(1, 100, 0));
    double again = belief.epochs(seen(1, 10, 0));
    assertThat(again).isNotEqualTo(first);
    assertThat(again).isEqualTo(LengthBelief.posterior(POSTERIOR).epochs(seen(1, 10, 0)));
  }
}
