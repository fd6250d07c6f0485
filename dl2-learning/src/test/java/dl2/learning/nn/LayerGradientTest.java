package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

/** Finite-difference checks of each layer's backward pass, with the probe loss L = Σ c_j y_j. */
class LayerGradientTest {
  private final Rng rng = new Rng(7);

  @Test
  void denseGradientsMatchFiniteDifferences() {
    Dense dense = new Dense("d", 5, 4, rng);
    GradCheck.randomise(rng, dense.params().get(0).value(), 0.5);
    GradCheck.randomise(rng, dense.params().get(1).value(), 0.5);
    checkLayer(dense, GradCheck.random(rng, 5));
  }

  @Test
  void reluGradientsMatchFiniteDifferencesAwayFromTheKink() {
    double[] x = {0.3, -0.2, 1.5, -0.7, 0.05, -0.01};
    checkLayer(new Relu(6), x);
  }

  @Test
  void affineNormGradientsMatchFiniteDifferences() {
    AffineNorm norm = new AffineNorm("n", 6, rng);
    GradCheck.randomise(rng, norm.params().get(1).value(), 0.5);
    checkLayer(norm, GradCheck.random(rng, 6));
  }

  @Test
  void wholeNetworkGradientMatchesFiniteDifferences() {
    Mlp mlp = new Mlp(Mlp.builder(5).hidden(4).hidden(3).output(3), rng);
    mlp.params().forEach(p -> GradCheck.randomise(rng, p.value(), 0.6));
    double[][] inputs = {GradCheck.random(rng, 5), GradCheck.random(rng, 5)};
    double[][] coefficients = {GradCheck.random(rng, 3), GradCheck.random(rng, 3)};
    mlp.zeroGrad();
    mlp.backward(mlp.forward(inputs), coefficients);
    for (Param p : mlp.params()) {
      GradCheck.check(
          p.name(),
          p.value(),
          p.grad().clone(),
          () -> {
            Tape tape = mlp.forward(inputs);
            return GradCheck.dot(tape.output(0), coefficients[0])
                + GradCheck.dot(tape.output(1), coefficients[1]);
          });
    }
  }

  @Test
  void affineNormIsTheFixedScaleOfAnInferenceModeBatchNorm() {
    AffineNorm norm = new AffineNorm("n", 2, rng);
    double[] gamma = norm.params().get(0).value();
    gamma[0] = 2.0;
    gamma[1] = 1.0;
    norm.params().get(1).value()[1] = 0.5;
    double[] y = new double[2];
    norm.forward(new double[] {1.0, 1.0}, y);
    assertThat(y[0])
        .isCloseTo(2.0 / Math.sqrt(1.00001), org.assertj.core.data.Offset.offset(1e-15));
    assertThat(y[1])
        .isCloseTo(1.0 / Math.sqrt(1.00001) + 0.5, org.assertj.core.data.Offset.offset(1e-15));
  }

  private void checkLayer(Layer layer, double[] x) {
    double[] c = GradCheck.random(rng, layer.outputSize());
    double[] y = new double[layer.outputSize()];
    double[] dx = new double[layer.inputSize()];
    layer.forward(x, y);
    layer.params().forEach(Param::zeroGrad);
    layer.backward(x, y, c, dx);
    double[] out = new double[layer.outputSize()];
    java.util.function.DoubleSupplier loss =
        () -> {
          layer.forward(x, out);
          return GradCheck.dot(out, c);
        };
    GradCheck.check("dx", x, dx, loss);
    for (Param p : layer.params()) {
      GradCheck.check(p.name(), p.value(), p.grad().clone(), loss);
    }
  }
}
