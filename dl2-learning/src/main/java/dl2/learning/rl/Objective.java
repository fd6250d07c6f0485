package dl2.learning.rl;

/**
 * What reinforcement learning optimises, with the knobs of its trainer: actor-critic with replay on
 * a per-slot or per-decision reward ({@link ActorCritic}, the shipped recipe), or on-policy
 * training on total JCT itself ({@link Jct}, after Decima).
 */
public sealed interface Objective permits ActorCritic, Jct {
  /** The {@code --objective} name, as train-config.json records it. */
  String name();

  /** Adam's step. */
  double learningRate();

  /** The entropy bonus β. */
  double entropy();

  /** The reward's name as policy files and summaries record it. */
  String rewardName();

  /** Whether the reward reads the simulator's true speeds (an oracle no live cluster has). */
  boolean usesOracle();
}
