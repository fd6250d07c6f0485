package dl2.learning.rl;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The original's prioritised replay for RL (dl2-spec §7.9). A new sample gets priority
 * p = max(1, r − r̄), r̄ being the mean reward of the latest ≤ capacity samples including it. A
 * batch of B splits the total priority into B equal segments, draws one v uniformly in each and
 * descends the {@link SumTree}, so repeats are possible. Before each call β_IS ← min(1, β_IS +
 * 0.0001) from 0.1, and ω_i = (p_i/p_min)^(−β_IS) ≤ 1 with p_min the smallest stored priority
 * (the original's convention, not the batch minimum). After the step, p_i ← min(|δ_i| + 0.01,
 * 4)^0.9.
 */
public final class PrioritisedReplay<T> implements Replay<T> {
  private final PrioritisedReplayConfig config;
  private final SumTree tree;
  private final Object[] items;
  private final RewardWindow rewards;
  private double beta;

  public PrioritisedReplay(PrioritisedReplayConfig config) {
    this.config = Objects.requireNonNull(config);
    this.tree = new SumTree(config.capacity());
    this.items = new Object[config.capacity()];
    this.rewards = new RewardWindow(config.capacity());
    this.beta = config.betaStart();
  }

  /** The original's settings (capacity 8192). */
  public PrioritisedReplay() {
    this(PrioritisedReplayConfig.defaults());
  }

  @Override
  public void add(T item, double reward) {
    Objects.requireNonNull(item, "replay item");
    rewards.add(reward);
    double priority = Math.max(config.minInsertionPriority(), reward - rewards.mean());
    items[tree.add(priority)] = item;
  }

  @Override
  public ReplayBatch<T> sample(int batchSize, Rng rng) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1: " + batchSize);
    }
    if (tree.size() == 0) {
      throw new IllegalStateException("cannot sample an empty replay");
    }
    beta = Math.min(1.0, beta + config.betaIncrement());
    double segment = tree.total() / batchSize;
    double minPriority = tree.min();
    List<T> batch = new ArrayList<>(batchSize);
    double[] weights = new double[batchSize];
    int[] indices = new int[batchSize];
    for (int b = 0; b < batchSize; b++) {
      int leaf = tree.find(segment * b + segment * rng.nextDouble());
      batch.add(item(leaf));
      weights[b] = StrictMath.pow(tree.priority(leaf) / minPriority, -beta);
      indices[b] = leaf;
    }
    return new ReplayBatch<>(batch, weights, indices);
  }

  @Override
  public void updatePriorities(ReplayBatch<T> batch, double[] tdErrors) {
    updatePriorities(batch.indices(), tdErrors);
  }

  /**
   * Sets p_i ← min(|δ_i| + 0.01, 4)^0.9 for each storage index, in order, so the last error of a
   * repeated index wins. Call it before adding new samples: an index refers to whatever sample
   * occupies that slot now.
   */
  public void updatePriorities(int[] indices, double[] tdErrors) {
    if (indices.length != tdErrors.length) {
      throw new IllegalArgumentException(indices.length + " indices but " + tdErrors.length + " TD errors");
    }
    for (int b = 0; b < indices.length; b++) {
      tree.set(indices[b], config.priorityOf(tdErrors[b]));
    }
  }

  /** The current priority of a storage index. */
  public double priority(int index) {
    return tree.priority(index);
  }

  /** The β_IS used by the latest sampling call (β_start before the first). */
  public double beta() {
    return beta;
  }

  public PrioritisedReplayConfig config() {
    return config;
  }

  @Override
  public double meanReward() {
    return rewards.mean();
  }

  @Override
  public int size() {
    return tree.size();
  }

  @Override
  public int capacity() {
    return tree.capacity();
  }

  @SuppressWarnings("unchecked")
  private T item(int leaf) {
    return (T) items[leaf];
  }
}
