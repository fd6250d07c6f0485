package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedColumnsTest {
  // 3 columns of 4 features: 2 column-major (like one-hot types), then 2 feature-major rows
  private static final ColumnLayout LAYOUT = new ColumnLayout(3, 2);
  private static final MlpSpec SPEC = new MlpSpec(12, List.of(5, 4), false, 10, LAYOUT);
  private final Rng rng = new Rng(11);

  @Test
  void layoutFindsEachColumnsFeatures() {
    assertThat(LAYOUT.index(0, 0)).isEqualTo(0);
    assertThat(LAYOUT.index(2, 1)).isEqualTo(5);
    assertThat(LAYOUT.index(1, 2)).isEqualTo(6 + 1);
    assertThat(LAYOUT.index(2, 3)).isEqualTo(6 + 3 + 2);
  }

  @Test
  void gradientsMatchFiniteDifferences() {
    Mlp mlp = new Mlp(SPEC, rng);
    mlp.params().forEach(p -> GradCheck.randomise(rng, p.value(), 0.6));
    double[][] inputs = {state(true, true, true), state(true, false, true)};
    double[][] coefficients = {GradCheck.random(rng, 10), GradCheck.random(rng, 10)};
    mlp.zeroGrad();
    mlp.backward(mlp.forward(inputs), coefficients);
    assertThat(mlp.params()).hasSize(8);
    assertThat(mlp.parameterCount()).isEqualTo(SPEC.parameterCount());
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
  void columnsAreScoredByTheSameWeightsWhereverTheySit() {
    Mlp mlp = new Mlp(SPEC, rng);
    mlp.params().forEach(p -> GradCheck.randomise(rng, p.value(), 0.6));
    double[] state = state(true, true, false);
    double[] swapped = new double[12];
    // move column 0 to column 2 and column 1 to column 0
    int[] target = {2, 0, 1};
    for (int c = 0; c < 3; c++) {
      for (int f = 0; f < 4; f++) {
        swapped[LAYOUT.index(target[c], f)] = state[LAYOUT.index(c, f)];
      }
    }
    double[] y = mlp.forward(state).clone();
    double[] z = mlp.forward(swapped).clone();
    for (int c = 0; c < 3; c++) {
      for (int k = 0; k < 3; k++) {
        assertThat(z[3 * target[c] + k]).isEqualTo(y[3 * c + k]);
      }
    }
    assertThat(z[9]).isCloseTo(y[9], org.assertj.core.data.Offset.offset(1e-12));
    assertThat(new double[] {y[6], y[7], y[8]}).containsOnly(0.0);
  }

  @Test
  void theInferenceSnapshotGivesTheNetworksOutput() {
    Mlp mlp = new Mlp(SPEC, rng);
    mlp.params().forEach(p -> GradCheck.randomise(rng, p.value(), 0.6));
    double[] state = state(true, false, true);
    assertThat(new FrozenMlp(mlp).forward(state)).containsExactly(mlp.forward(state).clone());
  }

  @Test
  void rejectsAnArchitectureItCannotBuild() {
    assertThatThrownBy(() -> new MlpSpec(12, List.of(5), false, 9, LAYOUT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MlpSpec(12, List.of(5), true, 10, LAYOUT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MlpSpec(13, List.of(5), false, 10, LAYOUT))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** A state with the given columns filled with non-zero random features. */
  private double[] state(boolean... filled) {
    double[] x = new double[12];
    for (int c = 0; c < filled.length; c++) {
      for (int f = 0; filled[c] && f < 4; f++) {
        x[LAYOUT.index(c, f)] = 0.1 + rng.nextDouble();
      }
    }
    return x;
  }
}
