package dl2.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Dealing pieces of work to shards: longest first, each to the shard with the least work so far.
 */
class ShardBalanceTest {
  /**
   * Costs 5, 1, 4, 2, 3 to two shards, longest first: 5 to shard 0; 4 to shard 1; 3 to shard 1 (4
   * &lt; 5); 2 to shard 0 (5 &lt; 7); 1 to shard 0 (7 = 7: the lower shard). Loads 8 and 7.
   */
  @Test
  void groupsGoLongestFirstToTheShardWithTheLeastWork() {
    assertThat(ShardBalance.deal(List.of(5.0, 1.0, 4.0, 2.0, 3.0), 2))
        .containsExactly(0, 0, 1, 0, 1);
    assertThat(ShardBalance.deal(List.of(1.0, 1.0, 1.0), 4)).containsExactly(0, 1, 2);
  }
}
