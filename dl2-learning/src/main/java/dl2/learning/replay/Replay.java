package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.Rng;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The replay the RL loop trains from (dl2-spec §7.9, §7.11), so that plain and prioritised replay
 * are interchangeable: store each sample with its slot reward, sample a batch with IS weights, and
 * report the batch's TD errors back after the step.
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

  /**
   * Saves everything that influences later calls (stored items, positions, rewards, priorities,
   * β_IS), writing each stored item with {@code items}, e.g. {@link TransitionCodec#write}.
   */
  void writeState(StateWriter out, BiConsumer<StateWriter, T> items);

  /**
   * Replaces this replay's state with one saved by {@link #writeState} from a replay of the same
   * kind and configuration, reading each item with {@code items}, e.g. {@link
   * TransitionCodec#read}. Afterwards every call gives exactly the results the saved replay would
   * have given. A different kind, capacity or configuration, or a corrupt stream, is an {@link
   * dl2.io.InputException}; this replay is unchanged only if the problem is found before any part
   * is restored, so discard it on failure.
   */
  void readState(StateReader in, Function<StateReader, T> items);
}
