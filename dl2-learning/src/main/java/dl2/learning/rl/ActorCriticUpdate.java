package dl2.learning.rl;

import dl2.learning.nn.Losses;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.Tape;
import dl2.learning.replay.Transition;
import java.util.List;

/**
 * The actor-critic gradients of one batch (dl2-spec §7.7): targets y (§7.5), advantage (y −
 * V(s))·ω, the masked policy gradient with entropy bonus, and the value MSE. Gradients are left in
 * the networks' gradient buffers and returned as detached copies.
 */
public final class ActorCriticUpdate {
  private ActorCriticUpdate() {}

  /**
   * @param weights importance-sampling weights ω (all 1 for plain replay)
   * @param baseline the no-critic baseline value, used when {@code settings.baseline()} is not
   *     CRITIC
   */
  public static UpdateResult compute(
      Mlp policy,
      Mlp value,
      List<Transition> batch,
      double[] weights,
      UpdateSettings settings,
      double baseline) {
    return compute(policy, value, batch, weights, settings, baseline, 0);
  }

  /**
   * As {@link #compute(Mlp, Mlp, List, double[], UpdateSettings, double)} for a residual policy:
   * each transition's favoured action has its logit raised by {@code bonus} (docs/residual.md), so
   * that the gradient is that of the policy that acted; the bonus is a constant, so the gradient
   * flows to the network's logits unchanged.
   */
  public static UpdateResult compute(
      Mlp policy,
      Mlp value,
      List<Transition> batch,
      double[] weights,
      UpdateSettings settings,
      double baseline,
      double bonus) {
    int n = batch.size();
    double[][] states = new double[n][];
    boolean[][] masks = new boolean[n][];
    int[] actions = new int[n];
    double[] targets = new double[n];
    double rewardSum = 0;
    for (int b = 0; b < n; b++) {
      Transition t = batch.get(b);
      states[b] = t.state();
      masks[b] = t.mask();
      actions[b] = t.action();
      targets[b] = target(t, value, settings);
      rewardSum += t.reward();
    }
    boolean critic = settings.baseline().usesCritic();
    value.zeroGrad();
    double[] tdErrors = new double[n];
    double valueLoss = 0;
    double[] advantages = new double[n];
    if (critic) {
      Tape valueTape = value.forward(states);
      double[][] outputs = valueTape.outputs();
      double[][] values = new double[n][1];
      for (int b = 0; b < n; b++) {
        values[b][0] = outputs[b][valueIndex(actions[b], outputs[b].length)];
        tdErrors[b] = targets[b] - values[b][0];
        advantages[b] = tdErrors[b] * weights[b];
      }
      double[][] dSelected = new double[n][1];
      valueLoss = Losses.valueMse(values, targets, dSelected);
      double[][] dValues = new double[n][outputs[0].length];
      for (int b = 0; b < n; b++) {
        dValues[b][valueIndex(actions[b], outputs[b].length)] = dSelected[b][0];
      }
      value.backward(valueTape, dValues);
    } else {
      for (int b = 0; b < n; b++) {
        tdErrors[b] = targets[b] - baseline;
        advantages[b] = tdErrors[b] * weights[b];
      }
    }
    policy.zeroGrad();
    Tape policyTape = policy.forward(states);
    double[][] logits = withBonus(policyTape.outputs(), batch, bonus);
    double[][] dLogits = new double[n][logits[0].length];
    double policyLoss;
    if (batch.get(0).actionRewards() != null) {
      double[][] actionRewards = new double[n][];
      for (int b = 0; b < n; b++) {
        actionRewards[b] = batch.get(b).actionRewards();
      }
      policyLoss =
          Losses.allActionsPolicyGradient(
              logits, masks, actionRewards, settings.entropyWeight(), dLogits);
    } else if (settings.gradientForm() == GradientForm.RECOMPUTED) {
      policyLoss =
          Losses.policyGradient(
              logits, masks, actions, advantages, settings.entropyWeight(), dLogits);
    } else {
      double[][] stored = new double[n][];
      for (int b = 0; b < n; b++) {
        stored[b] = batch.get(b).behaviour();
      }
      Losses.originalPolicyGradient(
          stored, masks, actions, advantages, settings.entropyWeight(), dLogits);
      policyLoss = Double.NaN;
    }
    policy.backward(policyTape, dLogits);
    return new UpdateResult(
        policy.gradients(),
        critic ? value.gradients() : null,
        tdErrors,
        policyLoss,
        valueLoss,
        Losses.meanEntropy(logits, masks),
        rewardSum / n);
  }

  /** The network's logits, or a copy with each favoured action's raised by {@code bonus}. */
  private static double[][] withBonus(double[][] logits, List<Transition> batch, double bonus) {
    if (bonus == 0) {
      return logits;
    }
    double[][] raised = new double[logits.length][];
    for (int b = 0; b < logits.length; b++) {
      raised[b] = logits[b].clone();
      int favoured = batch.get(b).favoured();
      if (favoured >= 0) {
        raised[b][favoured] += bonus;
      }
    }
    return raised;
  }

  /**
   * The value output an action is judged against: the single output, or its column's (stop: the
   * last).
   */
  private static int valueIndex(int action, int outputs) {
    return outputs == 1 ? 0 : Math.min(action / 3, outputs - 1);
  }

  /** y = r (immediate) or r + γ·V(s′) with V = 0 at the end (discounted). */
  private static double target(Transition t, Mlp value, UpdateSettings settings) {
    if (settings.returns() == ReturnMode.IMMEDIATE
        || t.terminal()
        || settings.baseline() != Baseline.CRITIC) {
      // The job-aware critic has no single V(s′); it is used with immediate targets.
      return t.reward();
    }
    return t.reward() + settings.discount() * value.forward(t.nextState())[0];
  }
}
