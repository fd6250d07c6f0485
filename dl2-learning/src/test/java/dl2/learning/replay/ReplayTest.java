package dl2.learning.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.Rng;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RL loop's view: plain and prioritised replay behind one interface. */
class ReplayTest {

  /** One RL step as the loop does it: sample, compute δ, report it back. */
  private static <T> ReplayBatch<T> step(Replay<T> replay, Rng rng, int batchSize) {
    ReplayBatch<T> batch = replay.sample(batchSize, rng);
    double[] tdErrors = new double[batch.size()];
    Arrays.fill(tdErrors, 2.0);
    replay.updatePriorities(batch, tdErrors);
    return batch;
  }

  private static Replay<String> filled(Replay<String> replay, int count) {
    for (int i = 0; i < count; i++) {
      replay.add("s" + i, i % 3);
    }
    return replay;
  }

  @Test
  void plainReplayGivesUnitWeightsAndNoRepeats() {
    Replay<String> replay = filled(new PlainReplay<>(16), 16);
    assertThat(replay.isFull()).isTrue();
    ReplayBatch<String> batch = step(replay, new Rng(3), 16);
    assertThat(batch.weights()).containsOnly(1.0);
    assertThat(new HashSet<>(batch.items())).hasSize(16);
    assertThat(Arrays.stream(batch.indices()).distinct().count()).isEqualTo(16);
    for (int b = 0; b < batch.size(); b++) {
      assertThat(batch.item(b)).isEqualTo("s" + batch.index(b));
    }
  }

  @Test
  void plainReplayPicksWhatFifoReplayPicksForTheSameSeed() {
    Replay<String> plain = filled(new PlainReplay<>(20), 30);
    FifoReplay<String> fifo = new FifoReplay<>(20);
    for (int i = 0; i < 30; i++) {
      fifo.add("s" + i);
    }
    assertThat(plain.sample(8, new Rng(5)).items()).isEqualTo(fifo.sample(8, new Rng(5)));
  }

  @Test
  void plainReplayIgnoresPrioritiesAndCannotSampleMoreThanItHolds() {
    Replay<String> updated = filled(new PlainReplay<>(10), 10);
    Replay<String> untouched = filled(new PlainReplay<>(10), 10);
    Rng a = new Rng(8);
    Rng b = new Rng(8);
    step(updated, a, 5);
    untouched.sample(5, b);
    assertThat(updated.sample(5, a)).isEqualTo(untouched.sample(5, b));
    assertThatThrownBy(() -> updated.sample(11, new Rng(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void bothReplaysReportTheMeanRewardOfTheLatestSamples() {
    // Rewards i % 3 of samples 10..13 in a window of 4: 1, 2, 0, 1.
    for (Replay<String> replay :
        List.<Replay<String>>of(
            new PlainReplay<>(4),
            new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(4)))) {
      filled(replay, 14);
      assertThat(replay.meanReward()).isEqualTo(1.0);
      assertThat(replay.size()).isEqualTo(4);
      assertThat(replay.capacity()).isEqualTo(4);
    }
  }

  @Test
  void theLoopRunsUnchangedOnEitherReplay() {
    for (Replay<String> replay :
        List.<Replay<String>>of(
            new PlainReplay<>(32),
            new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(32)))) {
      filled(replay, 40);
      Rng rng = new Rng(12);
      for (int i = 0; i < 3; i++) {
        ReplayBatch<String> batch = step(replay, rng, 8);
        assertThat(batch.size()).isEqualTo(8);
        assertThat(Arrays.stream(batch.weights()).allMatch(w -> w > 0 && w <= 1)).isTrue();
      }
    }
  }

  @Test
  void aBatchIsImmutableAndChecksItsShape() {
    double[] weights = {1, 1};
    int[] indices = {0, 1};
    ReplayBatch<String> batch = new ReplayBatch<>(List.of("a", "b"), weights, indices);
    weights[0] = 5;
    batch.weights()[1] = 7;
    assertThat(batch.weights()).containsExactly(1.0, 1.0);
    assertThatThrownBy(() -> new ReplayBatch<>(List.of("a"), new double[2], new int[1]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
