package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The original's prioritised replay for RL (dl2-spec §7.9). A new sample gets priority p = max(1, r
 * − r̄), r̄ being the mean reward of the latest ≤ capacity samples including it. A batch of B
 * splits the total priority into B equal segments, draws one v uniformly in each and descends the
 * {@link SumTree}, so repeats are possible. Before each call β_IS ← min(1, β_IS + 0.0001) from 0.1,
 * and ω_i = (p_i/p_min)^(−β_IS) ≤ 1 with p_min the smallest stored priority (the original's
 * convention, not the batch minimum). After the step, p_i ← min(|δ_i| + 0.01, 4)^0.9.
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
      throw new IllegalArgumentException(
          indices.length + " indices but " + tdErrors.length + " TD errors");
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

  /**
   * Saves the configuration (checked on restore), the sum tree's leaves and positions, the items in
   * slot order, the reward window with its running sum, and β_IS.
   */
  @Override
  public void writeState(StateWriter out, BiConsumer<StateWriter, T> items) {
    out.tag("prioritised-replay");
    writeConfig(out);
    tree.writeState(out);
    for (int slot = 0; slot < tree.size(); slot++) {
      items.accept(out, item(slot));
    }
    rewards.writeState(out);
    out.writeDouble(beta);
  }

  @Override
  public void readState(StateReader in, Function<StateReader, T> items) {
    in.expect("prioritised-replay");
    checkConfig(in);
    tree.readState(in);
    Object[] restored = new Object[this.items.length];
    for (int slot = 0; slot < tree.size(); slot++) {
      restored[slot] = items.apply(in);
      if (restored[slot] == null) {
        throw in.corrupt("missing replay item in slot " + slot);
      }
    }
    System.arraycopy(restored, 0, this.items, 0, restored.length);
    rewards.readState(in);
    if (rewards.size() != tree.size()) {
      throw in.corrupt(
          "prioritised replay with " + tree.size() + " samples has " + rewards.size() + " rewards");
    }
    double savedBeta = in.readDouble();
    if (!(savedBeta >= 0 && savedBeta <= 1)) {
      throw in.corrupt("bad importance-sampling exponent " + savedBeta);
    }
    beta = savedBeta;
  }

  private void writeConfig(StateWriter out) {
    out.writeInt(config.capacity());
    out.writeDouble(config.minInsertionPriority());
    out.writeDouble(config.betaStart());
    out.writeDouble(config.betaIncrement());
    out.writeDouble(config.errorEpsilon());
    out.writeDouble(config.errorCap());
    out.writeDouble(config.priorityExponent());
  }

  private void checkConfig(StateReader in) {
    int capacity = in.readInt();
    double[] saved = new double[6];
    for (int i = 0; i < saved.length; i++) {
      saved[i] = in.readDouble();
    }
    double[] own = {
      config.minInsertionPriority(),
      config.betaStart(),
      config.betaIncrement(),
      config.errorEpsilon(),
      config.errorCap(),
      config.priorityExponent()
    };
    boolean same = capacity == config.capacity();
    for (int i = 0; i < own.length; i++) {
      same &= Double.doubleToLongBits(saved[i]) == Double.doubleToLongBits(own[i]);
    }
    if (!same) {
      throw in.corrupt(
          "saved prioritised replay (capacity "
              + capacity
              + ", floor "
              + saved[0]
              + ", beta "
              + saved[1]
              + " + "
              + saved[2]
              + ", epsilon "
              + saved[3]
              + ", cap "
              + saved[4]
              + ", alpha "
              + saved[5]
              + ") does not match the configured "
              + config);
    }
  }

  @SuppressWarnings("unchecked")
  private T item(int leaf) {
    return (T) items[leaf];
  }
}
