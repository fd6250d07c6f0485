package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Plain replay behind the {@link Replay} interface (dl2-spec §7.9, the Paper's buffer and an RL
 * option of the Original): a {@link FifoReplay} sampled uniformly without replacement, with every
 * IS weight 1 and no priorities to update. The rewards are kept only for {@link #meanReward}.
 */
public final class PlainReplay<T> implements Replay<T> {
  private final FifoReplay<T> buffer;
  private final RewardWindow rewards;

  public PlainReplay(int capacity) {
    buffer = new FifoReplay<>(capacity);
    rewards = new RewardWindow(capacity);
  }

  @Override
  public void add(T item, double reward) {
    Objects.requireNonNull(item, "replay item");
    rewards.add(reward);
    buffer.add(item);
  }

  /** {@code batchSize} distinct samples, the same ones {@link FifoReplay#sample} would pick. */
  @Override
  public ReplayBatch<T> sample(int batchSize, Rng rng) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1: " + batchSize);
    }
    int[] slots = buffer.sampleSlots(batchSize, rng);
    List<T> items = new ArrayList<>(batchSize);
    for (int slot : slots) {
      items.add(buffer.get(slot));
    }
    double[] weights = new double[batchSize];
    Arrays.fill(weights, 1.0);
    return new ReplayBatch<>(items, weights, slots);
  }

  @Override
  public void updatePriorities(ReplayBatch<T> batch, double[] tdErrors) {
    if (batch.size() != tdErrors.length) {
      throw new IllegalArgumentException(
          batch.size() + " samples but " + tdErrors.length + " TD errors");
    }
  }

  @Override
  public double meanReward() {
    return rewards.mean();
  }

  @Override
  public int size() {
    return buffer.size();
  }

  @Override
  public int capacity() {
    return buffer.capacity();
  }

  @Override
  public void writeState(StateWriter out, BiConsumer<StateWriter, T> items) {
    out.tag("plain-replay");
    buffer.writeState(out, items);
    rewards.writeState(out);
  }

  @Override
  public void readState(StateReader in, Function<StateReader, T> items) {
    in.expect("plain-replay");
    buffer.readState(in, items);
    rewards.readState(in);
    if (rewards.size() != buffer.size()) {
      throw in.corrupt(
          "plain replay with " + buffer.size() + " samples has " + rewards.size() + " rewards");
    }
  }
}
