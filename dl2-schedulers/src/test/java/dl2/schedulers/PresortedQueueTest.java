package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;

/**
 * The merged queue answers as one {@link PriorityQueue} holding its initial sequence and every
 * added entry.
 */
class PresortedQueueTest {
  @Test
  void pollsAsOnePriorityQueueOverRandomAddsAndPolls() {
    Rng rng = new Rng(3);
    for (int round = 0; round < 200; round++) {
      List<Integer> initial = new ArrayList<>();
      int length = rng.nextIntInclusive(0, 40);
      for (int value = rng.nextIntInclusive(0, 5);
          initial.size() < length;
          value += rng.nextIntInclusive(1, 9)) {
        initial.add(value * 2); // even: added entries are odd, so no two entries are equal
      }
      PresortedQueue<Integer> queue =
          new PresortedQueue<>(Comparator.naturalOrder(), initial.iterator());
      PriorityQueue<Integer> reference = new PriorityQueue<>(initial);
      for (int step = 0; step < 120; step++) {
        assertThat(queue.isEmpty()).isEqualTo(reference.isEmpty());
        if (rng.nextDouble() < 0.45) {
          int added = 2 * rng.nextIntInclusive(0, 200) + 1;
          if (!reference.contains(added)) {
            queue.add(added);
            reference.add(added);
          }
        } else {
          assertThat(queue.poll()).as("round %d, step %d", round, step).isEqualTo(reference.poll());
        }
      }
    }
  }

  @Test
  void anEntryAddedRightAfterAPollTakesItsPlace() {
    PresortedQueue<Integer> queue =
        new PresortedQueue<>(Comparator.naturalOrder(), List.of(10, 20).iterator());
    queue.add(5);
    queue.add(7);
    assertThat(queue.poll()).isEqualTo(5);
    queue.add(30);
    assertThat(queue.poll()).isEqualTo(7);
    assertThat(queue.poll()).isEqualTo(10);
    assertThat(queue.poll()).isEqualTo(20);
    assertThat(queue.poll()).isEqualTo(30);
    assertThat(queue.isEmpty()).isTrue();
    assertThat(queue.poll()).isNull();
  }
}
