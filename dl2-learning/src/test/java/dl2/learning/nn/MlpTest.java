package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

class MlpTest {
  private static final int J = 40;

  @Test
  void originalPolicyNetworkHasTheSpecifiedParameterCount() {
    MlpSpec spec = Mlp.builder(6 * J).hidden(4 * J, 2).output(3 * J + 1);
    assertThat(spec.parameterCount()).isEqualTo(84_441);
    assertThat(new Mlp(spec, new Rng(1)).parameterCount()).isEqualTo(84_441);
  }

  @Test
  void originalValueNetworkHasTheSpecifiedParameterCount() {
    MlpSpec spec = Mlp.builder(6 * J).hidden(4 * J, 2).output(1);
    assertThat(spec.parameterCount()).isEqualTo(65_121);
    assertThat(new Mlp(spec, new Rng(1)).parameterCount()).isEqualTo(65_121);
  }

  @Test
  void aNetworkMadeFromWeightsDrawsNothingAndHoldsExactlyThem() {
    ColumnLayout layout = new ColumnLayout(5, 1, 2);
    for (MlpSpec spec :
        java.util.List.of(
            Mlp.builder(7).hidden(6).output(3),
            new MlpSpec(
                5 * 3 + 2, java.util.List.of(4), false, 16, layout, NetworkKind.POOLED_EMBEDDINGS),
            new MlpSpec(
                5 * 3,
                java.util.List.of(4),
                false,
                16,
                new ColumnLayout(5, 1),
                NetworkKind.SHARED_COLUMNS))) {
      Mlp drawn = new Mlp(spec, new Rng(9));
      Mlp made = Mlp.of(spec, drawn.parameters());
      for (int t = 0; t < drawn.params().size(); t++) {
        assertThat(made.params().get(t).value()).containsExactly(drawn.params().get(t).value());
      }
      double[] x = new double[spec.inputSize()];
      java.util.Arrays.fill(x, 0.5);
      assertThat(made.forward(x)).containsExactly(drawn.forward(x));
      assertThat(new Mlp(spec, null).params())
          .allSatisfy(
              p -> assertThat(p.value()).containsOnly(p.name().endsWith(".gamma") ? 1.0 : 0.0));
    }
  }

  @Test
  void layersFollowFcReluNormPerHiddenLayerThenALinearHead() {
    Mlp mlp = new Mlp(Mlp.builder(3).hidden(4).hidden(5).output(2), new Rng(1));
    assertThat(mlp.layers())
        .extracting(l -> l.getClass().getSimpleName())
        .containsExactly("Dense", "Relu", "AffineNorm", "Dense", "Relu", "AffineNorm", "Dense");
    Mlp plain = new Mlp(Mlp.builder(3).hidden(4).affineNorm(false).output(2), new Rng(1));
    assertThat(plain.layers()).hasSize(3);
    assertThat(plain.parameterCount()).isEqualTo(3 * 4 + 4 + 4 * 2 + 2);
  }

  @Test
  void initialWeightsAreTruncatedAtTwoSigmaWithZeroBiasesAndGammaNearOne() {
    Mlp mlp = new Mlp(Mlp.builder(6 * J).hidden(4 * J, 2).output(3 * J + 1), new Rng(3));
    double[] w = mlp.params().get(0).value();
    double sumSquares = 0;
    for (double x : w) {
      assertThat(Math.abs(x)).isLessThanOrEqualTo(0.04);
      sumSquares += x * x;
    }
    // A normal truncated at ±2σ has standard deviation 0.8796σ.
    assertThat(Math.sqrt(sumSquares / w.length)).isBetween(0.0172, 0.0180);
    assertThat(mlp.params().get(1).value()).containsOnly(0.0);
    for (double g : mlp.params().get(2).value()) {
      assertThat(g).isBetween(0.99, 1.01);
    }
    assertThat(mlp.params().get(3).value()).containsOnly(0.0);
  }

  @Test
  void batchForwardIsBitIdenticalToOneSampleForward() {
    Mlp mlp = new Mlp(Mlp.builder(12).hidden(16, 2).output(7), new Rng(5));
    Rng data = new Rng(6);
    double[][] inputs = new double[9][12];
    for (double[] x : inputs) {
      for (int i = 0; i < x.length; i++) {
        x[i] = i % 3 == 0 ? 0.0 : data.nextSymmetric();
      }
    }
    Tape tape = mlp.forward(inputs);
    for (int b = 0; b < inputs.length; b++) {
      assertThat(mlp.forward(inputs[b])).isEqualTo(tape.output(b));
    }
  }

  @Test
  void aReusedTapeGivesTheSameOutputsAsAFreshOne() {
    Mlp mlp = new Mlp(Mlp.builder(4).hidden(3).output(2), new Rng(5));
    double[][] big = {{1, 2, 3, 4}, {0, 1, 0, 1}, {4, 3, 2, 1}};
    double[][] small = {{0.5, 0.5, 0.5, 0.5}};
    Tape tape = mlp.forward(big, 3, mlp.newTape());
    mlp.forward(small, 1, tape);
    assertThat(tape.count()).isEqualTo(1);
    assertThat(tape.output(0)).isEqualTo(mlp.forward(small).output(0));
  }

  @Test
  void wrongInputLengthIsRejected() {
    Mlp mlp = new Mlp(Mlp.builder(4).hidden(3).output(2), new Rng(5));
    assertThatThrownBy(() -> mlp.forward(new double[5])).hasMessageContaining("expects 4");
  }

  @Test
  void parametersCanBeCopiedBetweenNetworks() {
    MlpSpec spec = Mlp.builder(4).hidden(3).output(2);
    Mlp a = new Mlp(spec, new Rng(1));
    Mlp b = new Mlp(spec, new Rng(2));
    b.loadParameters(a.parameters());
    double[] x = {0.1, 0.2, 0.3, 0.4};
    assertThat(b.forward(x)).isEqualTo(a.forward(x).clone());
  }
}
