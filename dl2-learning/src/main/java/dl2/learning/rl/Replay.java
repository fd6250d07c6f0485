package dl2.learning.rl;

import dl2.model.Rng;

/**
 * The replay the RL loop trains from (dl2-spec §7.9, §7.11), so that plain and prioritised
 * replay are interchangeable: store each sample with its slot reward, sample a batch with IS
 * weights, and report the batch's TD errors back after the step.
 */
public interface Replay<T> {

  /** Stores a sample with the reward of its slot (§7.5), overwriting the oldest when full. */
  void add(T item, double reward);

  /** Samples {@code batchSize} items; every draw comes from {@code rng}. */
  ReplayBatch<T> sample(int batchSize, Rng rng);

  /** Reports δ_b = y_b − V(s_b) for each position of a batch this replay returned. */
  void updatePriorities(ReplayBatch<T> batch, double[] tdErrors);

  /** The mean reward of the stored samples: the critic-free baseline of the original (§7.7). */
  double meanReward();

  int size();

  int capacity();

  default boolean isFull() {
    return size() == capacity();
  }
}
