package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dl2.model.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

class PooledEmbeddingsTest {
  // 4 columns of 3 features: 1 column-major (like a one-hot type), then 2 feature-major rows
  private static final ColumnLayout LAYOUT = new ColumnLayout(4, 1);
  private static final ColumnLayout WITH_GLOBALS = new ColumnLayout(4, 1, 2);
  private static final MlpSpec SPEC = spec(LAYOUT, List.of(5, 4));
  private final Rng rng = new Rng(17);

  private static MlpSpec spec(ColumnLayout layout, List<Integer> widths) {
    return new MlpSpec(
        4 * 3 + layout.globalFeatures(), widths, false, 13, layout, NetworkKind.POOLED_EMBEDDINGS);
  }

  @Test
  void gradientsMatchFiniteDifferencesWithAndWithoutGlobalFeatures() {
    for (MlpSpec spec : List.of(SPEC, spec(WITH_GLOBALS, List.of(6)))) {
      Mlp mlp = randomised(spec);
      double[][] inputs = {
        state(spec, true, true, false, true), state(spec, false, true, false, false)
      };
      double[][] coefficients = {GradCheck.random(rng, 13), GradCheck.random(rng, 13)};
      mlp.zeroGrad();
      mlp.backward(mlp.forward(inputs), coefficients);
      assertThat(mlp.parameterCount()).isEqualTo(spec.parameterCount());
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
  }

  @Test
  void hasTheTensorsOfTheDocumentedLayout() {
    Mlp mlp = new Mlp(spec(WITH_GLOBALS, List.of(5, 4)), rng);
    assertThat(mlp.params())
        .extracting(Param::name)
        .containsExactly(
            "embed0.fc.weight",
            "embed0.fc.bias",
            "embed1.fc.weight",
            "embed1.fc.bias",
            "head.job.weight",
            "head.context.weight",
            "head.context.bias",
            "head.out.weight",
            "head.out.bias",
            "stop.fc.weight",
            "stop.fc.bias",
            "stop.out.weight",
            "stop.out.bias");
    // context = E + 1 + G = 4 + 1 + 2
    assertThat(mlp.params())
        .extracting(Param::size)
        .containsExactly(15, 5, 20, 4, 16, 28, 4, 12, 3, 28, 4, 4, 1);
  }

  @Test
  void permutingTheColumnsPermutesTheLogitsAndKeepsStop() {
    Mlp mlp = randomised(spec(WITH_GLOBALS, List.of(5, 4)));
    MlpSpec spec = mlp.spec();
    double[] state = state(spec, true, true, false, true);
    int[] target = {2, 0, 3, 1};
    double[] moved = new double[state.length];
    for (int c = 0; c < 4; c++) {
      for (int f = 0; f < 3; f++) {
        moved[LAYOUT.index(target[c], f)] = state[LAYOUT.index(c, f)];
      }
    }
    for (int g = 0; g < 2; g++) {
      moved[12 + g] = state[12 + g];
    }
    double[] y = mlp.forward(state).clone();
    double[] z = mlp.forward(moved).clone();
    for (int c = 0; c < 4; c++) {
      for (int k = 0; k < 3; k++) {
        assertThat(z[3 * target[c] + k]).isCloseTo(y[3 * c + k], offset(1e-12));
      }
    }
    assertThat(z[12]).isCloseTo(y[12], offset(1e-12));
    assertThat(new double[] {y[6], y[7], y[8]}).as("empty column").containsOnly(0.0);
  }

  @Test
  void globalFeaturesChangeTheOutput() {
    Mlp mlp = randomised(spec(WITH_GLOBALS, List.of(5)));
    double[] state = state(mlp.spec(), true, false, true, false);
    double[] y = mlp.forward(state).clone();
    state[13] += 0.5;
    assertThat(mlp.forward(state)[12]).isNotEqualTo(y[12]);
  }

  @Test
  void oneSampleAndBatchPassesAndTheDoubleSnapshotAgreeBitForBit() {
    Mlp mlp = randomised(SPEC);
    double[][] inputs = {
      state(SPEC, true, false, true, true),
      state(SPEC, false, false, false, false),
      state(SPEC, true, true, true, true)
    };
    Tape tape = mlp.forward(inputs);
    FrozenMlp frozen = new FrozenMlp(mlp);
    for (int b = 0; b < inputs.length; b++) {
      assertThat(tape.output(b)).containsExactly(mlp.forward(inputs[b]).clone());
      assertThat(frozen.forward(inputs[b])).containsExactly(tape.output(b));
    }
  }

  @Test
  void theSinglePrecisionInferenceGivesTheNetworksLogitsWhateverTheOrderOfUpdates() {
    MlpSpec spec = spec(WITH_GLOBALS, List.of(8, 6));
    Mlp mlp = randomised(spec);
    PooledInference inference = new PooledInference(mlp);
    double[][] columns = new double[4][];
    for (int c = 0; c < 4; c++) {
      columns[c] = new double[] {1, rng.nextDouble(), rng.nextSymmetric()};
    }
    double[] globals = {0.3, -0.2};
    // incremental: fill, change column 1, remove column 0 (columns shift left), refill the last
    inference.clear();
    inference.setGlobals(globals, 0);
    for (int c = 0; c < 4; c++) {
      inference.setColumn(c, columns[c], 0);
    }
    columns[1] = new double[] {1, 0.25, 0.5};
    inference.setColumn(1, columns[1], 0);
    inference.removeColumn(0);
    double[] newcomer = {1, 0.75, -0.5};
    inference.setColumn(3, newcomer, 0);
    double[] incremental = new double[13];
    inference.logits(incremental);

    double[][] now = {columns[1], columns[2], columns[3], newcomer};
    PooledInference fresh = new PooledInference(mlp);
    fresh.clear();
    fresh.setGlobals(globals, 0);
    for (int c = 0; c < 4; c++) {
      fresh.setColumn(c, now[c], 0);
    }
    double[] scratch = new double[13];
    fresh.logits(scratch);
    assertThat(incremental).containsExactly(scratch);

    double[] state = new double[spec.inputSize()];
    for (int c = 0; c < 4; c++) {
      for (int f = 0; f < 3; f++) {
        state[LAYOUT.index(c, f)] = now[c][f];
      }
    }
    state[12] = globals[0];
    state[13] = globals[1];
    double[] reference = mlp.forward(state);
    for (int a = 0; a < 13; a++) {
      assertThat(incremental[a])
          .as("logit %d", a)
          .isCloseTo(reference[a], offset(1e-5 * (1 + Math.abs(reference[a]))));
    }
  }

  @Test
  void theIncrementalDoublePrecisionLogitsAreTheNetworksBitForBit() {
    MlpSpec spec = spec(WITH_GLOBALS, List.of(8, 6));
    Mlp mlp = randomised(spec);
    PooledExact exact = new PooledExact(mlp);
    double[][] columns = new double[4][];
    for (int c = 0; c < 4; c++) {
      columns[c] = new double[] {1, rng.nextDouble(), rng.nextSymmetric()};
    }
    double[] globals = {0.3, -0.2};
    exact.clear();
    exact.setGlobals(globals, 0);
    for (int c = 0; c < 4; c++) {
      exact.setColumn(c, columns[c], 0);
    }
    double[] logits = new double[13];
    exact.logits(logits);
    columns[2] = new double[] {1, 0.25, 0};
    exact.setColumn(2, columns[2], 0);
    exact.removeColumn(0);
    exact.setColumn(3, new double[] {1, 0.75, -0.5}, 0);
    exact.logits(logits);
    double[][] now = {columns[1], columns[2], columns[3], {1, 0.75, -0.5}};
    double[] state = new double[spec.inputSize()];
    for (int c = 0; c < 4; c++) {
      for (int f = 0; f < 3; f++) {
        state[LAYOUT.index(c, f)] = now[c][f];
      }
    }
    state[12] = globals[0];
    state[13] = globals[1];
    assertThat(logits).containsExactly(mlp.forward(state));
  }

  @Test
  void greedyInferenceIsTheArgmaxOfTheMaskedLogits() {
    Mlp mlp = randomised(SPEC);
    PooledInference inference = new PooledInference(mlp);
    inference.clear();
    inference.setColumn(0, new double[] {1, 0.5, 0.2}, 0);
    inference.setColumn(2, new double[] {1, -0.3, 0.9}, 0);
    double[] logits = new double[13];
    inference.logits(logits);
    boolean[] mask = new boolean[13];
    mask[12] = true;
    for (int k = 0; k < 3; k++) {
      mask[k] = true;
      mask[6 + k] = k != 1;
    }
    int best = 12;
    for (int a = 0; a < 12; a++) {
      if (mask[a] && logits[a] > logits[best]) {
        best = a;
      }
    }
    assertThat(inference.argmax(mask)).isEqualTo(best);
    assertThat(logits[3]).as("empty column").isZero();
  }

  @Test
  void rejectsAnArchitectureItCannotBuild() {
    assertThatThrownBy(
            () -> new MlpSpec(12, List.of(5), false, 12, LAYOUT, NetworkKind.POOLED_EMBEDDINGS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new MlpSpec(12, List.of(), false, 13, LAYOUT, NetworkKind.POOLED_EMBEDDINGS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new MlpSpec(13, List.of(5), false, 13, LAYOUT, NetworkKind.POOLED_EMBEDDINGS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new MlpSpec(12, List.of(5), false, 13, null, NetworkKind.POOLED_EMBEDDINGS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new MlpSpec(14, List.of(5), false, 13, WITH_GLOBALS, NetworkKind.SHARED_COLUMNS))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private Mlp randomised(MlpSpec spec) {
    Mlp mlp = new Mlp(spec, rng);
    mlp.params().forEach(p -> GradCheck.randomise(rng, p.value(), 0.6));
    return mlp;
  }

  /**
   * A state with the given columns filled with non-zero random features, and random global
   * features.
   */
  private double[] state(MlpSpec spec, boolean... filled) {
    double[] x = new double[spec.inputSize()];
    for (int c = 0; c < filled.length; c++) {
      for (int f = 0; filled[c] && f < 3; f++) {
        x[LAYOUT.index(c, f)] = 0.1 + rng.nextDouble();
      }
    }
    for (int g = 12; g < x.length; g++) {
      x[g] = rng.nextSymmetric();
    }
    return x;
  }
}
