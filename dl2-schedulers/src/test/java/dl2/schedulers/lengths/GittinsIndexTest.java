package dl2.schedulers.lengths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.workload.LengthError;
import org.junit.jupiter.api.Test;

/** The Gittins index and the posterior remaining work, by hand. */
class GittinsIndexTest {
  /**
   * Sizes {1, 10}. G(0): Δ = 1 finishes 1/2 for E[min(S, 1)] = 1, so 0.5; Δ = 10 finishes 1 for
   * 5.5, so 0.18: G(0) = 0.5. G(1): only 10 is left, 1 for 9: 1/9. Past 10: 0.
   */
  @Test
  void twoSizes() {
    GittinsIndex index = new GittinsIndex(new double[] {1, 10});
    assertThat(index.at(0)).isCloseTo(0.5, within(1e-12));
    assertThat(index.at(1)).isCloseTo(1 / 9.0, within(1e-12));
    assertThat(index.at(10)).isZero();
  }

  /**
   * Sizes {4, 4, 100}: G(0) = 2 / (4 + 4 + 4) = 1/6 (Δ = 4); G(2) = 2 / (2 + 2 + 2) = 1/3: a job
   * that attained 2 outranks a new one, where least-attained-service would rank it behind.
   */
  @Test
  void serviceCanRaiseTheIndex() {
    GittinsIndex index = new GittinsIndex(new double[] {4, 4, 100});
    assertThat(index.at(0)).isCloseTo(1 / 6.0, within(1e-12));
    assertThat(index.at(2)).isCloseTo(1 / 3.0, within(1e-12));
    assertThat(index.at(4)).isCloseTo(1 / 96.0, within(1e-12));
  }

  /**
   * Prior {10, 100}, calibrated error (B = ln 2 / ln(1/0.3)). Estimate 100 at progress 0: the
   * weight of 10 is e^(−ln 10 / B) = 0.3^(log2 10) = 0.018325, of 100 is 1, so E[S] = (0.18325 +
   * 100) / 1.018325 = 98.380. At progress 20 only 100 is left: 80. Without an estimate the prior
   * alone: (10 + 100) / 2 = 55.
   */
  @Test
  void posteriorRemainingWork() {
    LengthPrior prior =
        new LengthPrior(new double[] {100, 10}, new double[] {1}, LengthError.CALIBRATED);
    double w = Math.pow(0.3, Math.log(10) / Math.log(2));
    assertThat(w).isCloseTo(0.018325, within(1e-6));
    assertThat(prior.expectedRemainingEpochs(0, 100))
        .isCloseTo((w * 10 + 100) / (w + 1), within(1e-9))
        .isCloseTo(98.380, within(1e-3));
    assertThat(prior.expectedRemainingEpochs(20, 100)).isCloseTo(80, within(1e-9));
    assertThat(prior.expectedRemainingEpochs(0, Double.NaN)).isCloseTo(55, within(1e-9));
    assertThat(prior.expectedRemainingEpochs(150, 400)).isCloseTo(250, within(1e-9));
  }
}
