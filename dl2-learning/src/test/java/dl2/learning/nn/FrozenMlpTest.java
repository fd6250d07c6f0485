package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.Rng;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The single-precision inference path against its double-precision reference. */
class FrozenMlpTest {
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void agreesWithTheTrainableNetworkToSinglePrecision(boolean affineNorm) {
    Mlp network =
        new Mlp(Mlp.builder(24).hidden(16, 2).affineNorm(affineNorm).output(13), new Rng(4));
    Rng rng = new Rng(9);
    for (Param p : network.params()) {
      double[] v = p.value();
      for (int i = 0; i < v.length; i++) {
        v[i] += 0.3 * rng.nextSymmetric(); // Move γ, β and biases away from their initial values.
      }
    }
    FrozenMlp frozen = new FrozenMlp(network);
    for (int trial = 0; trial < 50; trial++) {
      double[] x = new double[24];
      for (int i = 0; i < x.length; i++) {
        x[i] = rng.nextDouble() < 0.3 ? 0 : rng.nextSymmetric() * 3;
      }
      double[] fast = frozen.forward(x).clone();
      double[] reference = network.forward(x);
      for (int k = 0; k < fast.length; k++) {
        assertThat(fast[k]).isCloseTo(reference[k], within(1e-5 * (1 + Math.abs(reference[k]))));
      }
      assertThat(frozen.forward(x)).containsExactly(fast);
    }
  }
}
