package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.replay.PlainReplay;
import dl2.learning.replay.PrioritisedReplay;
import dl2.learning.replay.PrioritisedReplayConfig;
import dl2.learning.replay.Replay;
import dl2.learning.replay.ReplayBatch;
import dl2.learning.replay.Transition;
import dl2.learning.replay.TransitionCodec;
import dl2.model.Rng;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Saving and restoring a replay: the restored copy continues bit for bit like the original. */
class ReplayStateTest {
  private static final int CAPACITY = 13; // not a power of two, so the sum tree has padding leaves
  private static final int BATCH = 4;

  private static Supplier<Replay<Transition>> plain() {
    return () -> new PlainReplay<>(CAPACITY);
  }

  private static Supplier<Replay<Transition>> prioritised() {
    return () -> new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(CAPACITY));
  }

  /** A transition with random content; every third one is terminal. */
  private static Transition transition(Rng rng, int n) {
    double[] state = {rng.nextSymmetric(), rng.nextDouble(), n};
    boolean[] mask = {rng.nextDouble() < 0.5, true, rng.nextDouble() < 0.5, true};
    double[] q = {rng.nextDouble(), rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
    double[] next = n % 3 == 0 ? null : new double[] {rng.nextDouble(), rng.nextSymmetric(), n + 1};
    // Rewards of mixed scales, so the running sum differs from a fresh sum in the last bits.
    double reward = rng.nextSymmetric() * (n % 5 == 0 ? 1e6 : 1.0) + 0.1;
    double[] actionRewards =
        n % 2 == 0 ? null : new double[] {rng.nextSymmetric(), 0, rng.nextDouble(), 0};
    return new Transition(state, mask, rng.nextInt(4), q, reward, next, actionRewards);
  }

  /** One RL step: sample, TD errors from the batch content and the rng, report them back. */
  private static ReplayBatch<Transition> step(Replay<Transition> replay, Rng rng) {
    ReplayBatch<Transition> batch = replay.sample(BATCH, rng);
    double[] tdErrors = new double[batch.size()];
    for (int b = 0; b < tdErrors.length; b++) {
      tdErrors[b] = batch.item(b).reward() * 0.3 + 5 * rng.nextSymmetric();
    }
    replay.updatePriorities(batch, tdErrors);
    return batch;
  }

  /** {@code adds} random samples, a step after every second one once a batch fits. */
  private static void run(Replay<Transition> replay, Rng data, Rng sampling, int adds, int first) {
    for (int i = 0; i < adds; i++) {
      Transition t = transition(data, first + i);
      replay.add(t, t.reward());
      if (i % 2 == 1 && replay.size() >= BATCH) {
        step(replay, sampling);
      }
    }
  }

  private static byte[] save(Replay<Transition> replay) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    replay.writeState(out, TransitionCodec::write);
    out.flush();
    return bytes.toByteArray();
  }

  private static <R extends Replay<Transition>> R restore(byte[] bytes, R fresh) {
    fresh.readState(
        new StateReader(new ByteArrayInputStream(bytes), "resume.state"), TransitionCodec::read);
    return fresh;
  }

  private static void assertSameContent(Transition a, Transition b) {
    assertThat(b.state()).isEqualTo(a.state());
    assertThat(b.mask()).isEqualTo(a.mask());
    assertThat(b.action()).isEqualTo(a.action());
    assertThat(b.behaviour()).isEqualTo(a.behaviour());
    assertThat(b.actionRewards()).isEqualTo(a.actionRewards());
    assertThat(Double.doubleToRawLongBits(b.reward()))
        .isEqualTo(Double.doubleToRawLongBits(a.reward()));
    assertThat(b.nextState()).isEqualTo(a.nextState());
  }

  private static void assertSameBatch(ReplayBatch<Transition> a, ReplayBatch<Transition> b) {
    assertThat(b.indices()).isEqualTo(a.indices());
    assertThat(Arrays.equals(a.weights(), b.weights())).as("weights bit-equal").isTrue();
    assertThat(b.size()).isEqualTo(a.size());
    for (int i = 0; i < a.size(); i++) {
      assertSameContent(a.item(i), b.item(i));
    }
  }

  private static void assertSameObservable(Replay<Transition> a, Replay<Transition> b) {
    assertThat(b.size()).isEqualTo(a.size());
    assertThat(b.isFull()).isEqualTo(a.isFull());
    if (a.size() > 0) {
      assertThat(Double.doubleToRawLongBits(b.meanReward()))
          .isEqualTo(Double.doubleToRawLongBits(a.meanReward()));
    }
    if (a instanceof PrioritisedReplay<Transition> pa
        && b instanceof PrioritisedReplay<Transition> pb) {
      assertThat(Double.doubleToRawLongBits(pb.beta()))
          .isEqualTo(Double.doubleToRawLongBits(pa.beta()));
      for (int i = 0; i < CAPACITY; i++) {
        assertThat(Double.doubleToRawLongBits(pb.priority(i)))
            .isEqualTo(Double.doubleToRawLongBits(pa.priority(i)));
      }
    }
  }

  /** Fill and train {@code before} samples, save, restore, then continue both identically. */
  private static void continuesIdentically(Supplier<Replay<Transition>> kind, int before) {
    Replay<Transition> original = kind.get();
    run(original, new Rng(11), new Rng(12), before, 0);
    byte[] bytes = save(original);
    Replay<Transition> restored = restore(bytes, kind.get());
    assertSameObservable(original, restored);
    assertThat(save(restored)).as("re-saving gives the same bytes").isEqualTo(bytes);

    Rng dataA = new Rng(21);
    Rng dataB = new Rng(21);
    Rng sampleA = new Rng(22);
    Rng sampleB = new Rng(22);
    for (int i = 0;
        i < 3 * CAPACITY;
        i++) { // wraps the ring (and the reward window's resum) several times
      Transition ta = transition(dataA, 1000 + i);
      Transition tb = transition(dataB, 1000 + i);
      original.add(ta, ta.reward());
      restored.add(tb, tb.reward());
      assertSameObservable(original, restored);
      if (original.size() >= BATCH) {
        assertSameBatch(step(original, sampleA), step(restored, sampleB));
        assertSameObservable(original, restored);
      }
    }
    assertThat(save(restored)).isEqualTo(save(original));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, CAPACITY, 2 * CAPACITY + 5})
  void plainReplayContinuesBitForBit(int before) {
    continuesIdentically(plain(), before);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, CAPACITY, 2 * CAPACITY + 5})
  void prioritisedReplayContinuesBitForBit(int before) {
    continuesIdentically(prioritised(), before);
  }

  @Test
  void prioritisedStateKeepsBetaAndUpdatedPriorities() {
    PrioritisedReplay<Transition> original = (PrioritisedReplay<Transition>) prioritised().get();
    run(original, new Rng(1), new Rng(2), 40, 0);
    PrioritisedReplay<Transition> restored =
        restore(save(original), (PrioritisedReplay<Transition>) prioritised().get());
    assertThat(restored.beta()).isEqualTo(original.beta()).isGreaterThan(0.1);
    for (int i = 0; i < CAPACITY; i++) {
      assertThat(restored.priority(i)).isEqualTo(original.priority(i));
    }
  }

  @Test
  void everyTruncationOfTheStreamIsAnInputException() {
    for (Supplier<Replay<Transition>> kind : java.util.List.of(plain(), prioritised())) {
      Replay<Transition> original = kind.get();
      run(original, new Rng(3), new Rng(4), 20, 0);
      byte[] bytes = save(original);
      for (int length = 0; length < bytes.length; length++) {
        byte[] cut = Arrays.copyOf(bytes, length);
        assertThatThrownBy(() -> restore(cut, kind.get()))
            .isInstanceOf(InputException.class)
            .hasMessageStartingWith("resume.state: corrupt resume state");
      }
    }
  }

  @Test
  void aWrongTagOrKindIsAnInputException() {
    Replay<Transition> plainReplay = plain().get();
    run(plainReplay, new Rng(3), new Rng(4), 20, 0);
    byte[] bytes = save(plainReplay);
    assertThatThrownBy(() -> restore(bytes, prioritised().get()))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("expected section 'prioritised-replay'");
    byte[] damaged = bytes.clone();
    damaged[3] ^= 0x20; // inside the first tag's characters
    assertThatThrownBy(() -> restore(damaged, plain().get()))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("expected section");
  }

  @Test
  void aCapacityMismatchIsAnInputException() {
    Replay<Transition> plainReplay = plain().get();
    run(plainReplay, new Rng(3), new Rng(4), 5, 0);
    assertThatThrownBy(() -> restore(save(plainReplay), new PlainReplay<>(CAPACITY + 1)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("capacity 13 does not match");

    Replay<Transition> prioritisedReplay = prioritised().get();
    run(prioritisedReplay, new Rng(3), new Rng(4), 5, 0);
    byte[] bytes = save(prioritisedReplay);
    assertThatThrownBy(
            () ->
                restore(
                    bytes,
                    new PrioritisedReplay<Transition>(
                        PrioritisedReplayConfig.defaults().withCapacity(CAPACITY - 1))))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("does not match");
    assertThatThrownBy(
            () ->
                restore(
                    bytes,
                    new PrioritisedReplay<Transition>(
                        PrioritisedReplayConfig.defaults()
                            .withCapacity(CAPACITY)
                            .withBeta(0.2, 0.0001))))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("does not match");
  }

  @Test
  void transitionCodecRoundTripsNullNextStateAndRejectsMissingArrays() {
    Rng rng = new Rng(5);
    for (int n = 0; n < 6; n++) {
      Transition t = transition(rng, n);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      StateWriter out = new StateWriter(bytes);
      TransitionCodec.write(out, t);
      out.flush();
      Transition back =
          TransitionCodec.read(new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "t"));
      assertSameContent(t, back);
      assertThat(back.terminal()).isEqualTo(n % 3 == 0);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    out.writeDoubles(null); // no state
    out.writeBooleans(new boolean[] {true});
    out.writeInt(0);
    out.writeDoubles(new double[] {1});
    out.writeDouble(0);
    out.writeDoubles(null);
    out.flush();
    assertThatThrownBy(
            () ->
                TransitionCodec.read(
                    new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "t")))
        .isInstanceOf(InputException.class);
  }
}
