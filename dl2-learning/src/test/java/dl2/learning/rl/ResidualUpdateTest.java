package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.nn.Mlp;
import dl2.learning.nn.MlpSpec;
import dl2.learning.nn.ParamSet;
import dl2.learning.replay.Transition;
import dl2.model.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The actor-critic update of a residual policy takes the gradient of the policy that acted: the
 * network's logits plus the bonus on the favoured action (docs/residual.md).
 */
class ResidualUpdateTest {
  private static final UpdateSettings UPDATE =
      new UpdateSettings(
          ReturnMode.IMMEDIATE, 0.9, Baseline.MOVING_AVERAGE, 0, GradientForm.RECOMPUTED);

  /**
   * Four actions, advantage 1 on action 0, no entropy. ∂log π(0)/∂logit₀ = 1 − π(0): about 0.75 for
   * a near-uniform fresh network, but with β = 30 on action 0 π(0) = 1 − O(e^−30), so the gradient
   * vanishes; the same β on action 1 leaves π(0) ≈ e^−30 and the full gradient.
   */
  @Test
  void theBonusOnTheTakenActionLeavesNothingToLearn() {
    double plain = gradientNorm(-1, 0);
    double favouredTaken = gradientNorm(0, 30);
    double favouredOther = gradientNorm(1, 30);
    assertThat(plain).isGreaterThan(0.01);
    assertThat(favouredTaken).isLessThan(1e-9 * plain);
    assertThat(favouredOther).isGreaterThan(plain);
    assertThat(gradientNorm(0, 0)).isEqualTo(plain); // no bonus: the favoured action is ignored
  }

  private static double gradientNorm(int favoured, double bonus) {
    Mlp policy = new Mlp(new MlpSpec(3, List.of(4), false, 4), new Rng(1));
    Mlp value = new Mlp(new MlpSpec(3, List.of(4), false, 1), new Rng(2));
    boolean[] mask = {true, true, true, true};
    Transition t =
        new Transition(
            new double[] {0.1, -0.2, 0.3},
            mask,
            0,
            new double[] {0.25, 0.25, 0.25, 0.25},
            1,
            null,
            null,
            favoured);
    UpdateResult result =
        ActorCriticUpdate.compute(policy, value, List.of(t), new double[] {1}, UPDATE, 0, bonus);
    ParamSet g = result.policyGradient();
    double sum = 0;
    for (int k = 0; k < g.tensorCount(); k++) {
      for (double x : g.tensor(k)) {
        sum += x * x;
      }
    }
    return Math.sqrt(sum);
  }
}
