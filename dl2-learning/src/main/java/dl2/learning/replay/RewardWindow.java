package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;

/**
 * The rewards of the latest ≤ capacity stored samples and their mean. The running sum is rebuilt
 * from the window each time the ring wraps, so rounding cannot accumulate past one pass.
 */
final class RewardWindow {
  private final double[] rewards;
  private int next;
  private int size;
  private double sum;

  RewardWindow(int capacity) {
    rewards = new double[capacity];
  }

  void add(double reward) {
    if (!Double.isFinite(reward)) {
      throw new IllegalArgumentException("reward must be finite: " + reward);
    }
    sum += reward - rewards[next];
    rewards[next] = reward;
    next = (next + 1) % rewards.length;
    size = Math.min(size + 1, rewards.length);
    if (next == 0) {
      sum = 0;
      for (double r : rewards) {
        sum += r;
      }
    }
  }

  int size() {
    return size;
  }

  double mean() {
    if (size == 0) {
      throw new IllegalStateException("no rewards stored");
    }
    return sum / size;
  }

  /** Saves the whole ring (unwritten entries are 0), its positions and the running sum as is. */
  void writeState(StateWriter out) {
    out.tag("reward-window");
    out.writeDoubles(rewards);
    out.writeInt(next);
    out.writeInt(size);
    out.writeDouble(sum);
  }

  /** Restores what {@link #writeState} saved from a window of the same capacity, sum included. */
  void readState(StateReader in) {
    in.expect("reward-window");
    double[] saved = in.readDoubles();
    if (saved == null || saved.length != rewards.length) {
      throw in.corrupt(
          "reward window of "
              + (saved == null ? "null" : saved.length)
              + " entries, expected "
              + rewards.length);
    }
    int savedNext = in.readCount(rewards.length - 1);
    int savedSize = in.readCount(rewards.length);
    double savedSum = in.readDouble();
    if (savedSize < rewards.length && savedNext != savedSize) {
      throw in.corrupt("reward window position " + savedNext + " with " + savedSize + " rewards");
    }
    for (int i = 0; i < saved.length; i++) {
      if (!Double.isFinite(saved[i]) || (i >= savedSize && saved[i] != 0)) {
        throw in.corrupt("bad stored reward " + saved[i] + " at " + i);
      }
    }
    if (!Double.isFinite(savedSum)) {
      throw in.corrupt("bad reward sum " + savedSum);
    }
    System.arraycopy(saved, 0, rewards, 0, saved.length);
    next = savedNext;
    size = savedSize;
    sum = savedSum;
  }
}
