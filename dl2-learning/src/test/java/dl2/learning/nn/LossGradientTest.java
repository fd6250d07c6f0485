package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

/** Finite-difference checks of the three losses, and their hand-computed values. */
class LossGradientTest {
  private static final boolean T = true;
  private static final boolean F = false;
  private final Rng rng = new Rng(11);

  private final boolean[][] masks = {
    {T, F, T, T, F}, {T, T, T, T, T}, {F, F, T, F, T}, {T, T, F, T, T}
  };

  @Test
  void crossEntropyGradientMatchesFiniteDifferences() {
    double[][] logits = randomLogits();
    logits[3][1] = -40.0; // q ≈ 1e-18 < 1e-10: the clip is active for this labelled action
    double[][] labels = {{0, 0, 1, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0.25, 0, 0.75}, {0, 1, 0, 0, 0}};
    double[][] d = new double[4][5];
    Losses.crossEntropy(logits, masks, labels, d);
    double[][] scratch = new double[4][5];
    for (int b = 0; b < 4; b++) {
      GradCheck.check(
          "dz" + b, logits[b], d[b], () -> Losses.crossEntropy(logits, masks, labels, scratch));
    }
    assertThat(d[1]).containsOnly(0.0);
    assertThat(d[3]).containsOnly(0.0);
    assertMaskedGradientsAreZero(d);
  }

  @Test
  void crossEntropyCountsAllZeroLabelRowsInTheBatchSize() {
    double[][] logits = {{0.0, 0.0}, {5.0, 1.0}};
    boolean[][] m = {{T, T}, {T, T}};
    double[][] labels = {{1, 0}, {0, 0}};
    double loss = Losses.crossEntropy(logits, m, labels, new double[2][2]);
    assertThat(loss).isCloseTo(Math.log(2) / 2, offset(1e-15));
  }

  @Test
  void policyGradientWithEntropyMatchesFiniteDifferences() {
    double[][] logits = randomLogits();
    int[] actions = {2, 4, 4, 0};
    double[] adv = {1.5, -0.7, 0.3, 2.0};
    double[][] d = new double[4][5];
    Losses.policyGradient(logits, masks, actions, adv, 0.1, d);
    double[][] scratch = new double[4][5];
    for (int b = 0; b < 4; b++) {
      GradCheck.check(
          "dz" + b,
          logits[b],
          d[b],
          () -> Losses.policyGradient(logits, masks, actions, adv, 0.1, scratch));
    }
    assertMaskedGradientsAreZero(d);
  }

  @Test
  void clippedPolicyGradientMatchesFiniteDifferencesInsideAndOutsideTheClip() {
    double[][] logits = randomLogits();
    int[] actions = {2, 4, 4, 0};
    double[] adv = {1.5, -0.7, 0.3, -2.0};
    double[] current = new double[4];
    for (int b = 0; b < 4; b++) {
      current[b] = MaskedSoftmax.probabilities(logits[b], masks[b], new double[5])[actions[b]];
    }
    // ratios 1.05 (inside), 0.5 with A < 0 (clipped: zero gradient), 2 with A > 0 (clipped), 1
    // (inside)
    double[] old = {current[0] / 1.05, current[1] / 0.5, current[2] / 2, current[3]};
    double[][] d = new double[4][5];
    Losses.clippedPolicyGradient(logits, masks, actions, adv, old, 0.2, 0.1, d);
    double[][] scratch = new double[4][5];
    for (int b = 0; b < 4; b++) {
      GradCheck.check(
          "dz" + b,
          logits[b],
          d[b],
          () -> Losses.clippedPolicyGradient(logits, masks, actions, adv, old, 0.2, 0.1, scratch));
    }
    double[][] entropyOnly = new double[4][5];
    Losses.clippedPolicyGradient(logits, masks, actions, new double[4], old, 0.2, 0.1, entropyOnly);
    assertThat(d[1]).containsExactly(entropyOnly[1]);
    assertThat(d[2]).containsExactly(entropyOnly[2]);
    assertMaskedGradientsAreZero(d);
  }

  @Test
  void clippedPolicyGradientAtRatioOneIsThePolicyGradient() {
    double[][] logits = randomLogits();
    int[] actions = {2, 4, 4, 0};
    double[] adv = {1.5, -0.7, 0.3, 2.0};
    double[] old = new double[4];
    for (int b = 0; b < 4; b++) {
      old[b] = MaskedSoftmax.probabilities(logits[b], masks[b], new double[5])[actions[b]];
    }
    double[][] clipped = new double[4][5];
    double[][] plain = new double[4][5];
    Losses.clippedPolicyGradient(logits, masks, actions, adv, old, 0.2, 0.1, clipped);
    Losses.policyGradient(logits, masks, actions, adv, 0.1, plain);
    for (int b = 0; b < 4; b++) {
      for (int j = 0; j < 5; j++) {
        assertThat(clipped[b][j]).isCloseTo(plain[b][j], offset(1e-12));
      }
    }
  }

  @Test
  void allActionsPolicyGradientMatchesFiniteDifferences() {
    double[][] logits = randomLogits();
    double[][] rewards = {
      {0.5, -1, 2, 0, 0.1}, {1, 1, -3, 0.4, 0}, {0, 0.2, 0.3, -0.5, 1}, {2, -2, 0, 0, 0.7}
    };
    double[][] d = new double[4][5];
    Losses.allActionsPolicyGradient(logits, masks, rewards, 0.1, d);
    double[][] scratch = new double[4][5];
    for (int b = 0; b < 4; b++) {
      GradCheck.check(
          "dz" + b,
          logits[b],
          d[b],
          () -> Losses.allActionsPolicyGradient(logits, masks, rewards, 0.1, scratch));
    }
    assertMaskedGradientsAreZero(d);
  }

  @Test
  void allActionsLossIsMinusTheExpectedReward() {
    double[][] logits = {{0, 0}};
    boolean[][] m = {{true, true}};
    double loss =
        Losses.allActionsPolicyGradient(
            logits, m, new double[][] {{1.0, 3.0}}, 0, new double[1][2]);
    assertThat(loss).isCloseTo(-2.0, offset(1e-15));
  }

  @Test
  void policyLossOfAUniformDistributionIsHandComputable() {
    double[][] logits = {{0.0, 0.0, 7.0}};
    boolean[][] m = {{T, T, F}};
    double loss =
        Losses.policyGradient(logits, m, new int[] {0}, new double[] {2.0}, 0.1, new double[1][3]);
    double expected = -Math.log(0.5) * 2.0 + 0.1 / 3 * 2 * 0.5 * Math.log(0.5 + 1e-6);
    assertThat(loss).isCloseTo(expected, offset(1e-14));
  }

  @Test
  void originalStoredQGradientEqualsTheRecomputedOneWhenQIsCurrent() {
    double[][] logits = randomLogits();
    int[] actions = {0, 1, 2, 3};
    double[] adv = {0.4, -1.1, 2.2, 0.9};
    double[][] recomputed = new double[4][5];
    Losses.policyGradient(logits, masks, actions, adv, 0.1, recomputed);
    double[][] storedQ = new double[4][];
    for (int b = 0; b < 4; b++) {
      storedQ[b] = MaskedSoftmax.probabilities(logits[b], masks[b], new double[5]);
    }
    double[][] original = new double[4][5];
    Losses.originalPolicyGradient(storedQ, masks, actions, adv, 0.1, original);
    for (int b = 0; b < 4; b++) {
      for (int j = 0; j < 5; j++) {
        assertThat(original[b][j]).isCloseTo(recomputed[b][j], offset(1e-15));
      }
    }
    assertMaskedGradientsAreZero(original);
  }

  @Test
  void valueMseGradientMatchesFiniteDifferences() {
    double[][] values = {{0.3}, {-1.2}, {2.0}};
    double[] targets = {0.5, 0.5, -0.25};
    double[][] d = new double[3][1];
    double loss = Losses.valueMse(values, targets, d);
    assertThat(loss).isCloseTo((0.04 + 2.89 + 5.0625) / 3, offset(1e-14));
    double[][] scratch = new double[3][1];
    for (int b = 0; b < 3; b++) {
      GradCheck.check("dV" + b, values[b], d[b], () -> Losses.valueMse(values, targets, scratch));
    }
  }

  @Test
  void annealedEntropyWeightStartsAtTenAndFloorsAtOneTenth() {
    assertThat(Losses.annealedEntropyWeight(0)).isEqualTo(10.0);
    assertThat(Losses.annealedEntropyWeight(100_000)).isEqualTo(0.1);
  }

  private double[][] randomLogits() {
    double[][] z = new double[4][5];
    for (double[] row : z) {
      for (int k = 0; k < row.length; k++) {
        row[k] = 2.0 * rng.nextSymmetric();
      }
    }
    return z;
  }

  private void assertMaskedGradientsAreZero(double[][] d) {
    for (int b = 0; b < d.length; b++) {
      for (int k = 0; k < d[b].length; k++) {
        if (!masks[b][k]) {
          assertThat(d[b][k]).as("masked d[%d][%d]", b, k).isEqualTo(0.0);
        }
      }
    }
  }
}
