package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

class MaskedSoftmaxTest {
  private static final boolean T = true;
  private static final boolean F = false;

  @Test
  void maskedActionsGetExactlyZeroAndTheRestSumToOne() {
    double[] q =
        MaskedSoftmax.probabilities(
            new double[] {1.0, 9.0, 2.0, 3.0}, new boolean[] {T, F, T, T}, new double[4]);
    assertThat(q[1]).isEqualTo(0.0);
    assertThat(q[0] + q[2] + q[3]).isCloseTo(1.0, offset(1e-15));
    double e = Math.exp(1) + Math.exp(2) + Math.exp(3);
    assertThat(q[3]).isCloseTo(Math.exp(3) / e, offset(1e-15));
  }

  @Test
  void hugeLogitsDoNotOverflow() {
    double[] q =
        MaskedSoftmax.probabilities(
            new double[] {1000.0, 999.0, -1000.0}, new boolean[] {T, T, T}, new double[3]);
    assertThat(q[0]).isCloseTo(1 / (1 + Math.exp(-1)), offset(1e-15));
    assertThat(q[2]).isEqualTo(0.0);
    assertThat(MaskedSoftmax.logProbability(new double[] {1000.0, 0.0}, new boolean[] {T, T}, 1))
        .isCloseTo(-1000.0, offset(1e-12));
  }

  @Test
  void argmaxBreaksTiesTowardsTheLowestUnmaskedIndex() {
    double[] q = {0.4, 0.4, 0.2, 0.4};
    assertThat(MaskedSoftmax.argmax(q, new boolean[] {T, T, T, T})).isEqualTo(0);
    assertThat(MaskedSoftmax.argmax(q, new boolean[] {F, T, T, T})).isEqualTo(1);
  }

  @Test
  void samplingTakesTheFirstIndexWhoseCumulativeProbabilityExceedsTheDraw() {
    double[] q = {0.25, 0.0, 0.5, 0.25};
    boolean[] m = {T, F, T, T};
    assertThat(MaskedSoftmax.sample(q, m, 0.0)).isEqualTo(0);
    assertThat(MaskedSoftmax.sample(q, m, 0.25)).isEqualTo(2);
    assertThat(MaskedSoftmax.sample(q, m, 0.7499)).isEqualTo(2);
    assertThat(MaskedSoftmax.sample(q, m, 0.75)).isEqualTo(3);
    assertThat(MaskedSoftmax.sample(q, m, 0.99999)).isEqualTo(3);
  }

  @Test
  void samplingFallsBackToTheLastPositiveActionWhenRoundingLeavesAGap() {
    double[] q = {0.3, 0.3, 0.3, 0.0};
    assertThat(MaskedSoftmax.sample(q, new boolean[] {T, T, T, T}, 0.95)).isEqualTo(2);
  }

  @Test
  void anAllMaskedRowIsRejected() {
    assertThatThrownBy(
            () ->
                MaskedSoftmax.probabilities(
                    new double[] {1, 2}, new boolean[] {F, F}, new double[2]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
