package dl2.learning.rl;

import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicySettings;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.state.StateEncoding;
import dl2.workload.Preset;
import java.util.List;
import java.util.Optional;

/**
 * A whole training recipe: every knob whose default {@code dl2 train} takes from it. Two ship:
 * {@link #OBSERVED}, the one the shipped policies are trained with (everything learnt from what a
 * cluster observes), and {@link #PAPER}, the paper's formulation with the original code's defaults.
 * Any flag given on the command line overrides its recipe value.
 *
 * @param name the {@code --recipe} name
 * @param network policy network architecture
 * @param hidden width of each hidden layer
 * @param layers hidden layers
 * @param encoding state encoding
 * @param window jobs the policy sees; 0 = the preset's window
 * @param reward what decisions are rewarded with
 * @param marginalValue the unit of the marginal rewards
 * @param learningRate Adam's step for both networks
 * @param entropy entropy bonus β
 * @param exploration job-aware exploration rules
 * @param slSteps supervised warm-up steps (0 = none)
 * @param steps reinforcement-learning steps
 */
public record TrainingRecipe(
    String name,
    PolicyNetwork network,
    int hidden,
    int layers,
    StateEncoding encoding,
    int window,
    RewardMode reward,
    MarginalValue marginalValue,
    double learningRate,
    double entropy,
    ExplorationMode exploration,
    int slSteps,
    int steps) {
  /**
   * Observation-only DL2 (Project): per-job embeddings with a pooled context over 40 jobs, the
   * observed state, and the observed marginal rewards in time saved per task, with the all-actions
   * gradient; no warm-up, no exploration rules.
   */
  public static final TrainingRecipe OBSERVED =
      new TrainingRecipe(
          "observed",
          PolicyNetwork.POOLED_EMBEDDINGS,
          64,
          2,
          StateEncoding.OBSERVED,
          40,
          RewardMode.OBSERVED_MARGINALS,
          MarginalValue.TIME_PER_TASK,
          1e-3,
          0.001,
          ExplorationMode.NONE,
          0,
          4000);

  /**
   * The paper's formulation with the original code's defaults: 2 × 256, slot reward, DRF warm-up,
   * override exploration.
   */
  public static final TrainingRecipe PAPER =
      new TrainingRecipe(
          "paper",
          PolicyNetwork.FULLY_CONNECTED,
          256,
          2,
          StateEncoding.ORIGINAL,
          0,
          RewardMode.SLOT,
          MarginalValue.WORK,
          1e-4,
          0.1,
          ExplorationMode.ORIGINAL,
          600,
          2000);

  /** The recipe's policy on {@code preset}: its network, layers, (scaled) encoding and window. */
  public PolicySettings policy(Preset preset) {
    return PolicySettings.defaults(preset)
        .withWindow(window > 0 ? window : preset.window())
        .withHidden(hidden, layers)
        .withEncoding(encoding, true)
        .withNetwork(network);
  }

  /** Every recipe, in the order the help lists them. */
  public static final List<TrainingRecipe> ALL = List.of(OBSERVED, PAPER);

  public static Optional<TrainingRecipe> byName(String name) {
    return ALL.stream().filter(r -> r.name.equals(name)).findFirst();
  }
}
