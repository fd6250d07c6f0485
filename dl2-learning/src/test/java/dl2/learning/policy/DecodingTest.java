package dl2.learning.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

class DecodingTest {
  @Test
  void greedyTakesTheLowestIndexAmongEqualMaxima() {
    assertThat(Decoding.argmax(new double[] {0.1, 0.4, 0.1, 0.4})).isEqualTo(1);
  }

  @Test
  void samplingTakesTheFirstIndexWhoseCumulativeProbabilityExceedsTheDraw() {
    double[] q = {0.2, 0, 0.5, 0.3};
    assertThat(Decoding.sample(q, 0.0)).isZero();
    assertThat(Decoding.sample(q, 0.2)).isEqualTo(2);
    assertThat(Decoding.sample(q, 0.69)).isEqualTo(2);
    assertThat(Decoding.sample(q, 0.7)).isEqualTo(3);
    assertThat(Decoding.sample(q, 0.9999999)).isEqualTo(3);
  }

  @Test
  void samplingNeverPicksAZeroProbabilityAction() {
    double[] q = {0, 0.25, 0, 0.75, 0};
    Rng rng = new Rng(3);
    int[] counts = new int[q.length];
    for (int i = 0; i < 10_000; i++) {
      counts[Decoding.SAMPLED.choose(q, rng)]++;
    }
    assertThat(counts[0] + counts[2] + counts[4]).isZero();
    assertThat(counts[3]).isBetween(7300, 7700);
  }

  @Test
  void anAllZeroDistributionChoosesNothing() {
    assertThat(Decoding.GREEDY.choose(new double[3], new Rng(1))).isEqualTo(-1);
    assertThat(Decoding.SAMPLED.choose(new double[3], new Rng(1))).isEqualTo(-1);
  }
}
