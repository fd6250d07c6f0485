package dl2.slot;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.Rng;
import dl2.simulation.HeapLeastLoadedQueue;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * dl2-spec §2.3: nodes keyed by (load, node index), on nodes of 8 cores and 2 GPUs (a GPU worker is
 * 2 cores + 1 GPU, load 0.75; a PS 2 cores, load 0.25), and against the plain heap.
 */
class LeastLoadedQueueTest {
  private static LeastLoadedQueue queue(int nodes) {
    return new LeastLoadedQueue(new ClusterSpec(nodes, 8, 2));
  }

  @Test
  void aFreshQueueHandsOutEmptyNodesInIndexOrder() {
    LeastLoadedQueue queue = queue(3);
    assertThat(queue.head()).isZero();
    queue.update(0, 4, 1);
    assertThat(queue.head()).isEqualTo(1);
    queue.update(1, 4, 1);
    assertThat(queue.head()).isEqualTo(2);
  }

  @Test
  void equalLoadsGoToTheLowerIndex() {
    LeastLoadedQueue queue = queue(3);
    queue.update(2, 4, 0);
    queue.update(1, 0, 1); // 0.5 as well, from GPUs alone
    queue.update(0, 4, 0);
    assertThat(queue.head()).isZero();
    queue.update(0, 2, 1);
    assertThat(queue.head()).isEqualTo(1);
  }

  @Test
  void theLowestLoadWinsWhateverItsIndex() {
    LeastLoadedQueue queue = queue(4);
    queue.update(0, 4, 1);
    queue.update(1, 2, 1);
    queue.update(2, 4, 2);
    queue.update(3, 2, 0);
    assertThat(queue.head()).isEqualTo(3);
    queue.update(3, 4, 1);
    assertThat(queue.head()).isEqualTo(1);
    queue.update(1, 4, 1);
    // Nodes 0, 1 and 3 all at 1.0: the lowest index.
    assertThat(queue.head()).isZero();
  }

  @Test
  void resetPutsEveryNodeBackAtLoadZero() {
    LeastLoadedQueue queue = queue(2);
    queue.update(0, 8, 2);
    queue.reset();
    assertThat(queue.head()).isZero();
    queue.update(0, 2, 0);
    assertThat(queue.head()).isEqualTo(1);
  }

  /**
   * Random placements and resets on clusters of up to 300 nodes with odd capacities: the same head
   * as the heap, always.
   */
  @Test
  void agreesWithTheHeapOnRandomUsage() {
    Rng rng = new Rng(17);
    for (int round = 0; round < 40; round++) {
      ClusterSpec spec =
          new ClusterSpec(
              rng.nextIntInclusive(1, 300),
              rng.nextIntInclusive(4, 12),
              rng.nextIntInclusive(1, 3));
      LeastLoadedQueue queue = new LeastLoadedQueue(spec);
      HeapLeastLoadedQueue heap = new HeapLeastLoadedQueue(spec.nodes());
      int[] cores = new int[spec.nodes()];
      int[] gpus = new int[spec.nodes()];
      for (int step = 0; step < 3000; step++) {
        if (rng.nextDouble() < 0.002) {
          queue.reset();
          heap.reset();
          Arrays.fill(cores, 0);
          Arrays.fill(gpus, 0);
        }
        int node = rng.nextDouble() < 0.7 ? heap.head() : rng.nextIntInclusive(0, spec.nodes() - 1);
        cores[node] = Math.min(spec.coresPerNode(), cores[node] + rng.nextIntInclusive(0, 2));
        gpus[node] = Math.min(spec.gpusPerNode(), gpus[node] + rng.nextIntInclusive(0, 1));
        queue.update(node, cores[node], gpus[node]);
        heap.update(node, ClusterState.load(spec, cores[node], gpus[node]));
        assertThat(queue.head()).as("round %d, step %d", round, step).isEqualTo(heap.head());
      }
    }
  }
}
