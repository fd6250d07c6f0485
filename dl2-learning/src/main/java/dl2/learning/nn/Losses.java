package dl2.learning.nn;

/**
 * DL2's losses with their gradients w.r.t. the network outputs (dl2-spec §7.7). Each takes a batch
 * of B rows, returns the loss and <em>overwrites</em> {@code d*[b]} with ∂L/∂output (the 1/B is
 * included), ready for {@link Mlp#backward}. Masked actions always get a zero gradient.
 */
public final class Losses {
  /** Clip of the renormalised softmax in the SL cross-entropy. */
  public static final double CE_CLIP = 1e-10;

  /** Offset inside the entropy term's log, q·log(q + 1e-6). */
  public static final double ENTROPY_OFFSET = 1e-6;

  /**
   * Multiply-adds a softmax entry with its logarithm is counted as, when deciding whether to split
   * a batch.
   */
  private static final int LOG_COST = 64;

  private Losses() {}

  /**
   * SL cross-entropy L = −(1/B) Σ_b Σ_k y_{b,k} log p_{b,k}, p = clip(q, 1e-10, 1 − 1e-10) with q
   * the masked renormalised softmax. An all-zero label row adds 0 but still counts in B. Where the
   * clip is active its gradient is 0, as in TensorFlow's clip_by_value.
   */
  public static double crossEntropy(
      double[][] logits, boolean[][] masks, double[][] labels, double[][] dLogits) {
    int batch = logits.length;
    double loss = 0.0;
    for (int b = 0; b < batch; b++) {
      int actions = logits[b].length;
      double[] q = MaskedSoftmax.probabilities(logits[b], masks[b], new double[actions]);
      double[] g = new double[actions];
      for (int k = 0; k < actions; k++) {
        double y = labels[b][k];
        if (y == 0.0) {
          continue;
        }
        double p = Math.min(Math.max(q[k], CE_CLIP), 1.0 - CE_CLIP);
        loss -= y * StrictMath.log(p);
        boolean clipped = q[k] < CE_CLIP || q[k] > 1.0 - CE_CLIP;
        g[k] = clipped ? 0.0 : -y / (p * batch);
      }
      softmaxBackward(q, masks[b], g, dLogits[b]);
    }
    return loss / batch;
  }

  /**
   * Policy loss with entropy, recomputing q from the current logits (the project default):
   *
   * <pre>L = (1/B) Σ_b −log q_b(a_b)·Adv_b + β·(1/(B·A)) Σ_b Σ_k q_{b,k}·log(q_{b,k} + 1e-6)</pre>
   *
   * A is the full action count (3J+1), masked ones included. log q(a) comes from the log-softmax,
   * so it stays finite when q(a) underflows.
   *
   * @param entropyWeight β (0.1, or {@link #annealedEntropyWeight})
   */
  public static double policyGradient(
      double[][] logits,
      boolean[][] masks,
      int[] actions,
      double[] advantages,
      double entropyWeight,
      double[][] dLogits) {
    int batch = logits.length;
    double loss = 0.0;
    for (int b = 0; b < batch; b++) {
      int count = logits[b].length;
      double[] q = MaskedSoftmax.probabilities(logits[b], masks[b], new double[count]);
      int a = actions[b];
      double adv = advantages[b];
      loss -= MaskedSoftmax.logProbability(logits[b], masks[b], a) * adv / batch;
      loss += entropyTerm(q, masks[b], entropyWeight / ((double) batch * count), dLogits[b]);
      for (int j = 0; j < count; j++) {
        if (masks[b][j]) {
          dLogits[b][j] += adv / batch * (q[j] - (j == a ? 1.0 : 0.0));
        }
      }
    }
    return loss;
  }

  /**
   * PPO's clipped surrogate (Schulman et al. 2017) for on-policy samples: with r = q_b(a)/p_b the
   * probability ratio against the one the action was drawn with, L = −(1/B) Σ_b min(r·A_b, clip(r,
   * 1 − ε, 1 + ε)·A_b), plus the entropy term of {@link #policyGradient}. Where the clipped term is
   * the smaller, the sample's gradient is zero: a step never pushes a probability further than ε
   * from where the rollout drew it. ∂(r·A)/∂z_{b,j} = r·A·(1[j = a] − q_j).
   *
   * @param oldProbabilities p_b, the probability of {@code actions[b]} when it was drawn
   * @param clip ε
   */
  public static double clippedPolicyGradient(
      double[][] logits,
      boolean[][] masks,
      int[] actions,
      double[] advantages,
      double[] oldProbabilities,
      double clip,
      double entropyWeight,
      double[][] dLogits) {
    int batch = logits.length;
    double loss = 0.0;
    for (int b = 0; b < batch; b++) {
      int count = logits[b].length;
      double[] q = MaskedSoftmax.probabilities(logits[b], masks[b], new double[count]);
      int a = actions[b];
      double adv = advantages[b];
      double ratio = q[a] / oldProbabilities[b];
      double clipped = Math.max(1 - clip, Math.min(1 + clip, ratio));
      loss -= Math.min(ratio * adv, clipped * adv) / batch;
      loss += entropyTerm(q, masks[b], entropyWeight / ((double) batch * count), dLogits[b]);
      if (ratio * adv <= clipped * adv) {
        for (int j = 0; j < count; j++) {
          if (masks[b][j]) {
            dLogits[b][j] -= adv * ratio / batch * ((j == a ? 1.0 : 0.0) - q[j]);
          }
        }
      }
    }
    return loss;
  }

  /**
   * The entropy term scale·Σ_k q_k·log(q_k + 1e-6) of one sample; writes its logit gradient into
   * {@code dLogits} (which the caller then adds to) and returns its value.
   */
  private static double entropyTerm(double[] q, boolean[] mask, double scale, double[] dLogits) {
    double term = 0;
    double[] g = new double[q.length];
    for (int k = 0; k < q.length; k++) {
      double qk = q[k];
      double log = StrictMath.log(qk + ENTROPY_OFFSET);
      term += scale * qk * log;
      g[k] = scale * (log + qk / (qk + ENTROPY_OFFSET));
    }
    softmaxBackward(q, mask, g, dLogits);
    return term;
  }

  /**
   * The all-actions policy gradient (Sutton et al. 2000; Asadi et al.'s mean actor-critic) when the
   * immediate reward R of every action is known: L = −(1/B) Σ_b Σ_k q_{b,k}·R_{b,k} plus the
   * entropy term of {@link #policyGradient}; ∂/∂z_{b,k} of the first part is −q_{b,k}·(R_{b,k} −
   * Σ_j q_{b,j}·R_{b,j})/B.
   */
  public static double allActionsPolicyGradient(
      double[][] logits,
      boolean[][] masks,
      double[][] rewards,
      double entropyWeight,
      double[][] dLogits) {
    int batch = logits.length;
    double[] terms = new double[2 * batch];
    // samples are independent; their loss terms are summed below in sample order, as one loop would
    KernelThreads.split(
        batch,
        1,
        (long) batch * logits[0].length * LOG_COST,
        (from, to) -> {
          for (int b = from; b < to; b++) {
            int count = logits[b].length;
            double[] q = MaskedSoftmax.probabilities(logits[b], masks[b], new double[count]);
            double expected = 0;
            for (int k = 0; k < count; k++) {
              expected += q[k] * rewards[b][k];
            }
            terms[2 * b] = expected;
            terms[2 * b + 1] =
                entropyTerm(q, masks[b], entropyWeight / ((double) batch * count), dLogits[b]);
            for (int k = 0; k < count; k++) {
              if (masks[b][k]) {
                dLogits[b][k] -= q[k] * (rewards[b][k] - expected) / batch;
              }
            }
          }
        });
    double loss = 0.0;
    for (int b = 0; b < batch; b++) {
      loss -= terms[2 * b] / batch;
      loss += terms[2 * b + 1];
    }
    return loss;
  }

  /**
   * The mean over samples of the entropy −Σ_k q_k·log q_k of the masked softmax of their logits.
   */
  public static double meanEntropy(double[][] logits, boolean[][] masks) {
    int batch = logits.length;
    double[][] terms = new double[batch][];
    // the logarithms in parallel; the sum in one running order, as a single loop would take it
    KernelThreads.split(
        batch,
        1,
        (long) batch * logits[0].length * LOG_COST,
        (from, to) -> {
          for (int b = from; b < to; b++) {
            double[] t =
                MaskedSoftmax.probabilities(logits[b], masks[b], new double[logits[b].length]);
            for (int k = 0; k < t.length; k++) {
              t[k] = t[k] > 0 ? t[k] * StrictMath.log(t[k]) : 0.0;
            }
            terms[b] = t;
          }
        });
    double sum = 0;
    for (double[] t : terms) {
      for (double term : t) {
        sum -= term; // a masked or certain action's +0.0 leaves the sum as it is
      }
    }
    return sum / batch;
  }

  /**
   * The original's logit gradient, formed from the q <em>stored when acting</em> and then
   * back-propagated through the current weights (dl2-spec §7.7, kept for fidelity checks):
   *
   * <pre>
   * ∂L/∂z_{b,j} = (Adv_b/B)·(q_{b,j} − 1[j = a_b]) + β·q_{b,j}·(g_{b,j} − Σ_k q_{b,k}·g_{b,k})
   * g_{b,j}     = (log(q_{b,j} + 1e-6) + q_{b,j}/(q_{b,j} + 1e-6)) / (B·A)
   * </pre>
   *
   * It has no loss value of its own; masked actions get 0.
   */
  public static void originalPolicyGradient(
      double[][] storedQ,
      boolean[][] masks,
      int[] actions,
      double[] advantages,
      double entropyWeight,
      double[][] dLogits) {
    int batch = storedQ.length;
    for (int b = 0; b < batch; b++) {
      double[] q = storedQ[b];
      int count = q.length;
      double[] g = new double[count];
      double weighted = 0.0;
      for (int k = 0; k < count; k++) {
        g[k] =
            (StrictMath.log(q[k] + ENTROPY_OFFSET) + q[k] / (q[k] + ENTROPY_OFFSET))
                / ((double) batch * count);
        weighted += q[k] * g[k];
      }
      for (int j = 0; j < count; j++) {
        double policy = advantages[b] / batch * (q[j] - (j == actions[b] ? 1.0 : 0.0));
        double entropy = entropyWeight * q[j] * (g[j] - weighted);
        dLogits[b][j] = masks[b][j] ? policy + entropy : 0.0;
      }
    }
  }

  /** Critic loss (1/B) Σ_b (V(s_b) − y_b)², reading V from column 0 of each row; no IS weights. */
  public static double valueMse(double[][] values, double[] targets, double[][] dValues) {
    int batch = values.length;
    double loss = 0.0;
    for (int b = 0; b < batch; b++) {
      double diff = values[b][0] - targets[b];
      loss += diff * diff;
      dValues[b][0] = 2.0 * diff / batch;
    }
    return loss / batch;
  }

  /** The optional annealed entropy weight β = max(20/(1 + e^{step/500}), 0.1) (dl2-spec §7.7). */
  public static double annealedEntropyWeight(long step) {
    return Math.max(20.0 / (1.0 + StrictMath.exp(step / 500.0)), 0.1);
  }

  /** dz_j = q_j·(g_j − Σ_k q_k g_k) for unmasked j, 0 for masked: the softmax Jacobian times g. */
  private static void softmaxBackward(double[] q, boolean[] mask, double[] g, double[] dz) {
    double weighted = 0.0;
    for (int k = 0; k < q.length; k++) {
      weighted += q[k] * g[k];
    }
    for (int j = 0; j < q.length; j++) {
      dz[j] = mask[j] ? q[j] * (g[j] - weighted) : 0.0;
    }
  }
}
