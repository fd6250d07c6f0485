package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicyFile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The planning pass: a policy's users stay with the unit that produced it, and whole groups are
 * dealt.
 */
class UnitPlanTest {
  /**
   * A run (cost 10) and the evaluation of its policy (1) form one group of 11, which outweighs an
   * evaluation of 5.
   */
  @Test
  void aUnitThatEvaluatesAnotherUnitsPolicyRunsInItsShard() {
    UnitPlan plan = new UnitPlan();
    TrainedPolicy run =
        plan.run(
            new WorkUnit<>("run dl2", "train", 10, List.of(), UnitCodec.trained("dl2"), false),
            () -> null);
    PolicyFile best = run.best();
    plan.run(new WorkUnit<>("s/0", "baseline drf", 5, List.of(), UnitCodec.JCT, false), () -> null);
    plan.run(new WorkUnit<>("s/1", "policy", 1, List.of(best), UnitCodec.JCT, false), () -> null);
    assertThat(plan.owners(2)).isEqualTo(Map.of("run dl2", 0, "s/1", 0, "s/0", 1));
    assertThat(plan.units()).extracting(WorkUnit::key).containsExactly("run dl2", "s/0", "s/1");
  }
}
