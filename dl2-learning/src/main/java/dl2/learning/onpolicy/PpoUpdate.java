package dl2.learning.onpolicy;

import dl2.learning.nn.Adam;
import dl2.learning.nn.Losses;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.Tape;
import dl2.learning.rl.Jct;
import dl2.model.Rng;
import java.util.List;

/**
 * PPO's clipped update (Schulman et al., 2017) as the on-policy trainer runs it: advantages scaled
 * to unit spread, then {@code epochs} passes over a shuffled sample of the rollouts' decisions in
 * minibatches.
 */
final class PpoUpdate {
  private PpoUpdate() {}

  /**
   * Advantages scaled to unit spread around zero, so that the step size does not depend on the
   * load.
   */
  static double[] normalise(List<Double> values) {
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double variance = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).average().orElse(0);
    double spread = Math.sqrt(variance) + 1e-8;
    return values.stream().mapToDouble(v -> (v - mean) / spread).toArray();
  }

  /**
   * {@code epochs} passes of PPO's clipped update over the samples, in minibatches of a shuffled
   * order.
   */
  static void update(
      Jct jct,
      Mlp policy,
      Adam adam,
      List<Sample> samples,
      double[] advantages,
      Rng order,
      TrainingStatistics statistics) {
    int[] chosen =
        java.util.Arrays.copyOf(
            shuffled(samples.size(), order), Math.min(samples.size(), jct.samples()));
    int n = chosen.length;
    for (int epoch = 0; epoch < jct.epochs(); epoch++) {
      int[] permutation = shuffled(n, order);
      for (int b = 0; b < n; b++) {
        permutation[b] = chosen[permutation[b]];
      }
      for (int from = 0; from < n; from += jct.minibatch()) {
        int size = Math.min(jct.minibatch(), n - from);
        double[][] states = new double[size][];
        boolean[][] masks = new boolean[size][];
        int[] actions = new int[size];
        double[] adv = new double[size];
        double[] old = new double[size];
        for (int b = 0; b < size; b++) {
          Sample s = samples.get(permutation[from + b]);
          states[b] = s.state();
          masks[b] = s.mask();
          actions[b] = s.action();
          adv[b] = advantages[permutation[from + b]];
          old[b] = s.probability();
        }
        policy.zeroGrad();
        Tape tape = policy.forward(states);
        double[][] logits = tape.outputs();
        double[][] dLogits = new double[size][logits[0].length];
        double loss =
            Losses.clippedPolicyGradient(
                logits, masks, actions, adv, old, jct.clip(), jct.entropy(), dLogits);
        statistics.update(loss, Losses.meanEntropy(logits, masks));
        policy.backward(tape, dLogits);
        if (!policy.gradients().isFinite()) {
          throw new IllegalStateException(
              "non-finite gradient in on-policy training (training diverged)");
        }
        adam.step();
      }
    }
  }

  private static int[] shuffled(int n, Rng rng) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextIntInclusive(0, i);
      int swap = order[i];
      order[i] = order[j];
      order[j] = swap;
    }
    return order;
  }
}
