package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicyFile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dealing work units to shards: a policy's users stay with its producer; groups go longest first to the least-loaded shard. */
class ShardBalanceTest {
  /**
   * Costs 5, 1, 4, 2, 3 to two shards, longest first: 5 to shard 0; 4 to shard 1; 3 to shard 1 (4 &lt; 5); 2 to shard 0
   * (5 &lt; 7); 1 to shard 0 (7 = 7: the lower shard). Loads 8 and 7.
   */
  @Test
  void groupsGoLongestFirstToTheShardWithTheLeastWork() {
    assertThat(ShardBalance.deal(List.of(5.0, 1.0, 4.0, 2.0, 3.0), 2)).containsExactly(0, 0, 1, 0, 1);
    assertThat(ShardBalance.deal(List.of(1.0, 1.0, 1.0), 4)).containsExactly(0, 1, 2);
  }

  /** A run (cost 10) and the evaluation of its policy (1) form one group of 11, which outweighs an evaluation of 5. */
  @Test
  void aUnitThatEvaluatesAnotherUnitsPolicyRunsInItsShard() {
    UnitPlan plan = new UnitPlan();
    TrainedPolicy run = plan.run(new WorkUnit<>("run dl2", "train", 10, List.of(), UnitCodec.trained("dl2"), false), () -> null);
    PolicyFile best = run.best();
    plan.run(new WorkUnit<>("s/0", "baseline drf", 5, List.of(), UnitCodec.JCT, false), () -> null);
    plan.run(new WorkUnit<>("s/1", "policy", 1, List.of(best), UnitCodec.JCT, false), () -> null);
    assertThat(plan.owners(2)).isEqualTo(Map.of("run dl2", 0, "s/1", 0, "s/0", 1));
    assertThat(plan.units()).extracting(WorkUnit::key).containsExactly("run dl2", "s/0", "s/1");
  }
}
