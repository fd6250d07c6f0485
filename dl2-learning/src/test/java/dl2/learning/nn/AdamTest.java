package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dl2.model.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdamTest {
  @Test
  void firstStepMovesEachWeightByTheLearningRateAgainstItsGradientSign() {
    Mlp mlp = new Mlp(Mlp.builder(2).hidden(2).output(1), new Rng(1));
    Param w = mlp.params().get(0);
    double before = w.value()[0];
    w.grad()[0] = -3.0;
    new Adam(mlp, 0.01).step();
    // m̂ = g and v̂ = g² after one step, so the update is lr·g/(|g| + ε).
    assertThat(w.value()[0] - before).isCloseTo(0.01 * 3.0 / (3.0 + 1e-8), offset(1e-17));
  }

  @Test
  void sameSeedGivesBitIdenticalWeightsAfterTrainingSteps() {
    assertThat(trainedWeights(42)).isEqualTo(trainedWeights(42));
    assertThat(trainedWeights(42)).isNotEqualTo(trainedWeights(43));
  }

  @Test
  void trainingOnAFixedDatasetLowersTheCrossEntropy() {
    Mlp mlp = new Mlp(Mlp.builder(6).hidden(16, 2).output(5), new Rng(9));
    Dataset data = new Dataset(new Rng(10));
    Adam adam = new Adam(mlp, 0.005);
    double first = data.step(mlp, adam);
    double last = first;
    for (int s = 0; s < 60; s++) {
      last = data.step(mlp, adam);
    }
    assertThat(last).isLessThan(0.5 * first);
  }

  @Test
  void averagingSumsTheSetsInListOrderAndDividesByTheirCount() {
    MlpSpec spec = Mlp.builder(2).hidden(2).output(1);
    Mlp a = new Mlp(spec, new Rng(1));
    Mlp b = new Mlp(spec, new Rng(2));
    a.params().get(0).grad()[0] = 1.0;
    b.params().get(0).grad()[0] = 4.0;
    ParamSet mean = ParamSet.average(List.of(a.gradients(), b.gradients()));
    assertThat(mean.tensor(0)[0]).isEqualTo(2.5);
    a.loadGradients(mean);
    assertThat(a.params().get(0).grad()[0]).isEqualTo(2.5);
    b.params().get(0).grad()[1] = Double.NaN;
    assertThat(b.gradients().isFinite()).isFalse();
  }

  private static double[] trainedWeights(long seed) {
    Mlp mlp = new Mlp(Mlp.builder(6).hidden(16, 2).output(5), new Rng(seed));
    Dataset data = new Dataset(new Rng(1000));
    Adam adam = new Adam(mlp, 0.005);
    for (int s = 0; s < 25; s++) {
      data.step(mlp, adam);
    }
    return flatten(mlp.parameters());
  }

  static double[] flatten(ParamSet set) {
    return java.util.stream.IntStream.range(0, set.tensorCount())
        .mapToObj(set::tensor)
        .flatMapToDouble(java.util.Arrays::stream)
        .toArray();
  }

  /** A fixed random classification set with masks; one SL step returns the loss. */
  private static final class Dataset {
    final double[][] x = new double[32][6];
    final double[][] y = new double[32][5];
    final boolean[][] m = new boolean[32][5];

    Dataset(Rng rng) {
      for (int b = 0; b < 32; b++) {
        for (int i = 0; i < 6; i++) {
          x[b][i] = rng.nextSymmetric();
        }
        for (int k = 0; k < 5; k++) {
          m[b][k] = k == 4 || rng.nextDouble() < 0.7;
        }
        y[b][x[b][0] > 0 && m[b][0] ? 0 : 4] = 1.0;
      }
    }

    double step(Mlp mlp, Adam adam) {
      Tape tape = mlp.forward(x);
      double[][] d = new double[32][5];
      double loss = Losses.crossEntropy(tape.outputs(), m, y, d);
      mlp.zeroGrad();
      mlp.backward(tape, d);
      adam.step();
      return loss;
    }
  }
}
