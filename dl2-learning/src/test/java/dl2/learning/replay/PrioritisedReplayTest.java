package dl2.learning.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dl2.model.Rng;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PrioritisedReplayTest {

  private static PrioritisedReplay<String> replay(int capacity, double... rewards) {
    PrioritisedReplay<String> replay =
        new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(capacity));
    for (int i = 0; i < rewards.length; i++) {
      replay.add("s" + i, rewards[i]);
    }
    return replay;
  }

  /** A full replay whose priorities are min(|δ| + 0.01, 4)^0.9 of the given TD errors. */
  private static PrioritisedReplay<String> withErrors(double... tdErrors) {
    PrioritisedReplay<String> replay = replay(tdErrors.length, new double[tdErrors.length]);
    replay.updatePriorities(IntStream.range(0, tdErrors.length).toArray(), tdErrors);
    return replay;
  }

  @Test
  void defaultsAreTheOriginalsConstants() {
    PrioritisedReplay<String> replay = new PrioritisedReplay<>();
    assertThat(replay.config())
        .isEqualTo(new PrioritisedReplayConfig(8192, 1.0, 0.1, 0.0001, 0.01, 4.0, 0.9));
    assertThat(replay.capacity()).isEqualTo(8192);
    assertThat(replay.size()).isZero();
    assertThat(replay.isFull()).isFalse();
    assertThat(replay.beta()).isEqualTo(0.1);
  }

  @Test
  void insertionPriorityIsRewardAboveTheRunningMeanIncludingTheNewSampleFlooredAtOne() {
    PrioritisedReplay<String> replay = replay(2, 0);
    assertThat(replay.priority(0)).isEqualTo(1.0); // r̄ = 0, max(1, 0)
    replay.add("b", 10);
    assertThat(replay.priority(1)).isEqualTo(5.0); // r̄ = 5
    replay.add("c", 20);
    assertThat(replay.priority(0)).isEqualTo(5.0); // window {10, 20}: r̄ = 15, oldest overwritten
    replay.add("d", 0);
    assertThat(replay.priority(1)).isEqualTo(1.0); // window {20, 0}: r̄ = 10, max(1, −10)
    assertThat(replay.meanReward()).isEqualTo(10.0);
    assertThat(replay.isFull()).isTrue();
  }

  @Test
  void overwrittenSlotsHoldTheNewestItems() {
    PrioritisedReplay<String> replay = replay(3, 0, 0, 0, 0, 0);
    ReplayBatch<String> batch = replay.sample(30, new Rng(3));
    for (int b = 0; b < batch.size(); b++) {
      int index = batch.index(b);
      assertThat(batch.item(b)).isEqualTo(index < 2 ? "s" + (index + 3) : "s2");
    }
    assertThat(replay.size()).isEqualTo(3);
  }

  @Test
  void betaRisesByOneTenThousandthBeforeEachSamplingCallUntilOne() {
    PrioritisedReplay<String> replay = replay(4, 0, 0, 0, 0);
    Rng rng = new Rng(1);
    replay.sample(1, rng);
    assertThat(replay.beta()).isEqualTo(0.1 + 0.0001);
    replay.sample(1, rng);
    assertThat(replay.beta()).isCloseTo(0.1002, offset(1e-15));
    for (int call = 3; call <= 8999; call++) {
      replay.sample(1, rng);
    }
    assertThat(replay.beta()).isCloseTo(0.9999, offset(1e-9)).isLessThan(1.0);
    replay.sample(1, rng);
    replay.sample(1, rng);
    assertThat(replay.beta()).isEqualTo(1.0);
  }

  @Test
  void betaFollowsAConfiguredScheduleAndIsCappedAtOne() {
    PrioritisedReplay<String> replay =
        new PrioritisedReplay<>(
            PrioritisedReplayConfig.defaults().withCapacity(2).withBeta(0.25, 0.25));
    replay.add("a", 0);
    Rng rng = new Rng(1);
    double[] seen = new double[5];
    for (int i = 0; i < seen.length; i++) {
      replay.sample(1, rng);
      seen[i] = replay.beta();
    }
    assertThat(seen).containsExactly(0.5, 0.75, 1.0, 1.0, 1.0);
  }

  @Test
  void importanceWeightsOnAHandExample() {
    // Priorities 1 and 4 (rewards 0 then 8: r̄ = 4, p = 4); total 5, segments [0, 2.5) and [2.5,
    // 5).
    PrioritisedReplay<String> replay = replay(2, 0, 8);
    assertThat(replay.priority(0)).isEqualTo(1.0);
    assertThat(replay.priority(1)).isEqualTo(4.0);
    ReplayBatch<String> batch = replay.sample(2, new Rng(9));
    double beta = 0.1 + 0.0001;
    assertThat(batch.index(1)).isEqualTo(1);
    assertThat(batch.item(1)).isEqualTo("s1");
    assertThat(batch.weight(1)).isEqualTo(StrictMath.pow(4.0, -beta));
    assertThat(batch.weight(1)).isCloseTo(0.870_43, offset(1e-5));
    assertThat(batch.weight(0)).isEqualTo(batch.index(0) == 0 ? 1.0 : StrictMath.pow(4.0, -beta));
  }

  @Test
  void importanceWeightsDivideByTheSmallestStoredPriorityNotTheBatchMinimum() {
    PrioritisedReplay<String> replay = withErrors(0, 10, 10, 10);
    double pMin = StrictMath.pow(0.01, 0.9);
    Rng rng = new Rng(4);
    int withoutMinimum = 0;
    for (int call = 0; call < 20; call++) {
      ReplayBatch<String> batch = replay.sample(1, rng);
      int index = batch.index(0);
      assertThat(batch.weight(0))
          .isEqualTo(StrictMath.pow(replay.priority(index) / pMin, -replay.beta()));
      if (index != 0) {
        withoutMinimum++;
        assertThat(batch.weight(0)).isLessThan(0.6);
      }
    }
    assertThat(withoutMinimum).isPositive();
  }

  @Test
  void updatedPriorityIsTheClippedAbsoluteErrorPlusEpsilonToThePowerPointNine() {
    PrioritisedReplay<String> replay = withErrors(0, -1, 2.5, 10);
    assertThat(replay.priority(0)).isEqualTo(StrictMath.pow(0.01, 0.9));
    assertThat(replay.priority(1)).isEqualTo(StrictMath.pow(1.01, 0.9));
    assertThat(replay.priority(2)).isEqualTo(StrictMath.pow(2.51, 0.9));
    assertThat(replay.priority(3)).isEqualTo(StrictMath.pow(4.0, 0.9));
    assertThat(replay.priority(3)).isCloseTo(3.482_20, offset(1e-5));
  }

  @Test
  void aRepeatedIndexKeepsItsLastErrorAndBadInputIsRejected() {
    PrioritisedReplay<String> replay = replay(2, 0, 0);
    replay.updatePriorities(new int[] {1, 1}, new double[] {3, 0.5});
    assertThat(replay.priority(1)).isEqualTo(StrictMath.pow(0.51, 0.9));
    assertThatThrownBy(() -> replay.updatePriorities(new int[] {0}, new double[] {Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> replay.updatePriorities(new int[] {0, 1}, new double[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void updatesThroughTheBatchReachTheSampledSlots() {
    PrioritisedReplay<String> replay = replay(4, 0, 0, 0, 0);
    ReplayBatch<String> batch = replay.sample(4, new Rng(2));
    double[] errors = {0.5, 1.5, 2.5, 3.5};
    replay.updatePriorities(batch, errors);
    assertThat(replay.priority(batch.index(3))).isEqualTo(StrictMath.pow(3.51, 0.9));
  }

  @Test
  void sampleFrequenciesAreProportionalToPriority() {
    // 40,000 single draws over priorities ≈ 0.016, 0.54, 1.4, 3.5. The χ² statistic (3 degrees of
    // freedom) must stay below 16.27, its 0.1% critical value; the seed is fixed, so this is exact.
    PrioritisedReplay<String> replay = withErrors(0, 0.5, 1.5, 5);
    int draws = 40_000;
    long[] counts = new long[4];
    Rng rng = new Rng(17);
    for (int i = 0; i < draws; i++) {
      counts[replay.sample(1, rng).index(0)]++;
    }
    assertThat(chiSquare(replay, counts, draws)).isLessThan(16.27);
  }

  @Test
  void stratifiedBatchesAreProportionalToPriorityToo() {
    PrioritisedReplay<String> replay = withErrors(0, 0.5, 1.5, 5);
    long[] counts = new long[4];
    Rng rng = new Rng(18);
    for (int call = 0; call < 2_500; call++) {
      for (int index : replay.sample(16, rng).indices()) {
        counts[index]++;
      }
    }
    assertThat(chiSquare(replay, counts, 40_000)).isLessThan(16.27);
  }

  @Test
  void equalPrioritiesGiveOneSampleFromEachSegmentInOrder() {
    PrioritisedReplay<String> replay = replay(8, 0, 0, 0, 0, 0, 0, 0, 0);
    Rng rng = new Rng(21);
    for (int call = 0; call < 100; call++) {
      assertThat(replay.sample(8, rng).indices()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }
  }

  @Test
  void theBthDrawLiesInTheBthSegmentOfTheTotal() {
    Rng errors = new Rng(30);
    double[] tdErrors = new double[50];
    for (int i = 0; i < tdErrors.length; i++) {
      tdErrors[i] = 5 * errors.nextSymmetric();
    }
    PrioritisedReplay<String> replay = withErrors(tdErrors);
    double[] prefix = new double[tdErrors.length + 1];
    for (int i = 0; i < tdErrors.length; i++) {
      prefix[i + 1] = prefix[i] + replay.priority(i);
    }
    int batchSize = 16;
    double segment = prefix[tdErrors.length] / batchSize;
    Rng rng = new Rng(31);
    for (int call = 0; call < 200; call++) {
      int[] indices = replay.sample(batchSize, rng).indices();
      for (int b = 0; b < batchSize; b++) {
        assertThat(prefix[indices[b]]).isLessThanOrEqualTo(segment * (b + 1) + 1e-9);
        assertThat(prefix[indices[b] + 1]).isGreaterThanOrEqualTo(segment * b - 1e-9);
      }
      assertThat(indices).isSorted();
    }
  }

  @Test
  void sameSeedGivesTheSameBatchesAndAnotherSeedDifferentOnes() {
    assertThat(batches(7)).isEqualTo(batches(7));
    assertThat(batches(7)).isNotEqualTo(batches(8));
  }

  @Test
  void samplingAnEmptyReplayOrAnEmptyBatchFails() {
    PrioritisedReplay<String> empty = replay(4);
    assertThatThrownBy(() -> empty.sample(1, new Rng(1))).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(empty::meanReward).isInstanceOf(IllegalStateException.class);
    PrioritisedReplay<String> one = replay(4, 1);
    assertThatThrownBy(() -> one.sample(0, new Rng(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(one.sample(3, new Rng(1)).indices()).containsExactly(0, 0, 0);
  }

  private static String batches(long seed) {
    Rng data = new Rng(100);
    PrioritisedReplay<String> replay = replay(64);
    for (int i = 0; i < 100; i++) {
      replay.add("s" + i, 3 * data.nextDouble());
    }
    Rng rng = new Rng(seed);
    StringBuilder out = new StringBuilder();
    for (int call = 0; call < 5; call++) {
      ReplayBatch<String> batch = replay.sample(32, rng);
      out.append(batch).append('\n');
      double[] errors = new double[batch.size()];
      Arrays.setAll(errors, b -> data.nextSymmetric());
      replay.updatePriorities(batch, errors);
    }
    return out.toString();
  }

  private static double chiSquare(PrioritisedReplay<String> replay, long[] counts, int draws) {
    double total = 0;
    for (int i = 0; i < counts.length; i++) {
      total += replay.priority(i);
    }
    double chi = 0;
    for (int i = 0; i < counts.length; i++) {
      double expected = draws * replay.priority(i) / total;
      chi += (counts[i] - expected) * (counts[i] - expected) / expected;
    }
    return chi;
  }
}
