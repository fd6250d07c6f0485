package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The batch kernels split over threads give the one-thread outputs and gradients bit for bit. */
class KernelThreadsTest {
  private static final ColumnLayout LAYOUT = new ColumnLayout(6, 2);

  @AfterEach
  void oneThreadAgain() {
    KernelThreads.use(1);
    KernelThreads.splitFrom(KernelThreads.MIN_WORK);
  }

  @Test
  void pooledAndFullyConnectedNetworksGiveTheSameBitsOnOneTwoAndThreeThreads() {
    MlpSpec pooled =
        new MlpSpec(6 * 4, List.of(9, 7), false, 19, LAYOUT, NetworkKind.POOLED_EMBEDDINGS);
    MlpSpec dense = new MlpSpec(11, List.of(13, 6), false, 5, null, NetworkKind.FULLY_CONNECTED);
    for (MlpSpec spec : List.of(pooled, dense)) {
      Rng data = new Rng(3);
      double[][] inputs =
          new double[37][spec.inputSize()]; // not a multiple of 4: blocked loops have tails
      double[][] dOutputs = new double[37][spec.outputSize()];
      for (int b = 0; b < inputs.length; b++) {
        for (int i = 0; i < inputs[b].length; i++) {
          inputs[b][i] =
              data.nextDouble() < 0.3 ? 0 : data.nextSymmetric(); // zeros take the skipping paths
        }
        for (int k = 0; k < dOutputs[b].length; k++) {
          dOutputs[b][k] = data.nextSymmetric();
        }
      }
      KernelThreads.use(1);
      Pass one = Pass.of(spec, inputs, dOutputs);
      KernelThreads.splitFrom(0);
      for (int threads : new int[] {2, 3}) {
        KernelThreads.use(threads);
        Pass split = Pass.of(spec, inputs, dOutputs);
        for (int b = 0; b < inputs.length; b++) {
          assertThat(split.outputs[b])
              .as("%s, %d threads, output %d", spec.kind(), threads, b)
              .containsExactly(one.outputs[b]);
        }
        for (int t = 0; t < one.gradients.tensorCount(); t++) {
          assertThat(split.gradients.tensor(t))
              .as("%s, %d threads, gradient %d", spec.kind(), threads, t)
              .containsExactly(one.gradients.tensor(t));
        }
      }
    }
  }

  @Test
  void theLossesGiveTheSameBitsOnOneTwoAndThreeThreads() {
    Rng data = new Rng(7);
    int batch = 23;
    int actions = 13;
    double[][] logits = new double[batch][actions];
    double[][] rewards = new double[batch][actions];
    boolean[][] masks = new boolean[batch][actions];
    for (int b = 0; b < batch; b++) {
      for (int k = 0; k < actions; k++) {
        logits[b][k] = 3 * data.nextSymmetric();
        rewards[b][k] = data.nextSymmetric();
        masks[b][k] = k == b % actions || data.nextDouble() < 0.6;
      }
    }
    double[][] oneGradient = new double[batch][actions];
    double oneLoss = Losses.allActionsPolicyGradient(logits, masks, rewards, 0.01, oneGradient);
    double oneEntropy = Losses.meanEntropy(logits, masks);
    // the entropy as one loop over every sample and action, in order
    double expected = 0;
    for (int b = 0; b < batch; b++) {
      double[] q = MaskedSoftmax.probabilities(logits[b], masks[b], new double[actions]);
      for (double p : q) {
        if (p > 0) {
          expected -= p * StrictMath.log(p);
        }
      }
    }
    assertThat(oneEntropy).isEqualTo(expected / batch);
    KernelThreads.splitFrom(0);
    for (int threads : new int[] {2, 3}) {
      KernelThreads.use(threads);
      double[][] gradient = new double[batch][actions];
      assertThat(Losses.allActionsPolicyGradient(logits, masks, rewards, 0.01, gradient))
          .as("%d threads", threads)
          .isEqualTo(oneLoss);
      for (int b = 0; b < batch; b++) {
        assertThat(gradient[b])
            .as("%d threads, sample %d", threads, b)
            .containsExactly(oneGradient[b]);
      }
      assertThat(Losses.meanEntropy(logits, masks)).as("%d threads", threads).isEqualTo(oneEntropy);
    }
  }

  /**
   * Another run changing the thread count while a network computes neither breaks nor changes it.
   */
  @Test
  void changingTheThreadCountMidwayIsHarmless() throws Exception {
    MlpSpec pooled =
        new MlpSpec(6 * 4, List.of(9, 7), false, 19, LAYOUT, NetworkKind.POOLED_EMBEDDINGS);
    Rng data = new Rng(5);
    double[][] inputs = new double[29][pooled.inputSize()];
    double[][] dOutputs = new double[29][pooled.outputSize()];
    for (int b = 0; b < inputs.length; b++) {
      for (int i = 0; i < inputs[b].length; i++) {
        inputs[b][i] = data.nextSymmetric();
      }
      for (int k = 0; k < dOutputs[b].length; k++) {
        dOutputs[b][k] = data.nextSymmetric();
      }
    }
    Pass one = Pass.of(pooled, inputs, dOutputs);
    KernelThreads.splitFrom(0);
    java.util.concurrent.atomic.AtomicBoolean done =
        new java.util.concurrent.atomic.AtomicBoolean();
    Thread other =
        new Thread(
            () -> {
              for (int k = 0; !done.get(); k++) {
                KernelThreads.use(1 + k % 4);
              }
            });
    other.start();
    try {
      for (int run = 0; run < 50; run++) {
        Pass again = Pass.of(pooled, inputs, dOutputs);
        for (int t = 0; t < one.gradients.tensorCount(); t++) {
          assertThat(again.gradients.tensor(t))
              .as("run %d gradient %d", run, t)
              .containsExactly(one.gradients.tensor(t));
        }
      }
    } finally {
      done.set(true);
      other.join();
    }
  }

  /** One forward and backward pass of a network with the same random weights. */
  private record Pass(double[][] outputs, ParamSet gradients) {
    static Pass of(MlpSpec spec, double[][] inputs, double[][] dOutputs) {
      Rng weights = new Rng(11);
      Mlp mlp = new Mlp(spec, weights);
      mlp.params().forEach(p -> GradCheck.randomise(weights, p.value(), 0.6));
      mlp.zeroGrad();
      Tape tape = mlp.forward(inputs);
      double[][] outputs = new double[inputs.length][];
      for (int b = 0; b < inputs.length; b++) {
        outputs[b] = tape.output(b).clone();
      }
      mlp.backward(tape, dOutputs);
      return new Pass(outputs, mlp.gradients());
    }
  }
}
