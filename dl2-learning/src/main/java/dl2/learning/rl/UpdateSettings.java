package dl2.learning.rl;

/**
 * The loss settings of one actor-critic update.
 *
 * @param returns immediate (γ = 0, Original) or discounted (Paper)
 * @param discount γ for discounted returns (0.9)
 * @param baseline the critic or a no-critic baseline (ablation)
 * @param entropyWeight β (0.1)
 * @param gradientForm recomputed masked softmax (Project) or the original's stored-q form
 */
public record UpdateSettings(
    ReturnMode returns,
    double discount,
    Baseline baseline,
    double entropyWeight,
    GradientForm gradientForm) {
  /** The same settings with another entropy weight (an annealed one). */
  public UpdateSettings withEntropyWeight(double weight) {
    return new UpdateSettings(returns, discount, baseline, weight, gradientForm);
  }
}
