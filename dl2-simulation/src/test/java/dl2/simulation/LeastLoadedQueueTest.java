package dl2.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** dl2-spec §2.3: a min-queue keyed by (load, node index). */
class LeastLoadedQueueTest {
  @Test
  void aFreshQueueHandsOutEmptyNodesInIndexOrder() {
    LeastLoadedQueue queue = new LeastLoadedQueue(3);
    assertThat(queue.head()).isZero();
    queue.update(0, 1.0);
    assertThat(queue.head()).isEqualTo(1);
    queue.update(1, 1.0);
    assertThat(queue.head()).isEqualTo(2);
  }

  @Test
  void equalLoadsGoToTheLowerIndex() {
    LeastLoadedQueue queue = new LeastLoadedQueue(3);
    queue.update(2, 0.5);
    queue.update(1, 0.5);
    queue.update(0, 0.5);
    assertThat(queue.head()).isZero();
    queue.update(0, 0.75);
    assertThat(queue.head()).isEqualTo(1);
  }

  @Test
  void theLowestLoadWinsWhateverItsIndex() {
    LeastLoadedQueue queue = new LeastLoadedQueue(4);
    queue.update(0, 1.0);
    queue.update(1, 0.75);
    queue.update(2, 1.5);
    queue.update(3, 0.25);
    assertThat(queue.head()).isEqualTo(3);
    queue.update(3, 1.0);
    assertThat(queue.head()).isEqualTo(1);
    queue.update(1, 1.0);
    // Nodes 0, 1 and 3 all at 1.0: the lowest index.
    assertThat(queue.head()).isZero();
  }

  @Test
  void resetPutsEveryNodeBackAtLoadZero() {
    LeastLoadedQueue queue = new LeastLoadedQueue(2);
    queue.update(0, 2.0);
    queue.reset();
    assertThat(queue.head()).isZero();
    queue.update(0, 0.25);
    assertThat(queue.head()).isEqualTo(1);
  }
}
