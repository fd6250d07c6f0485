package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.learning.rl.RlPoint;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrainedPolicyTest {
  private static RlPoint point(long step, double jct) {
    return new RlPoint(step, jct, 0, 0, 0, 0, 0);
  }

  private final TrainedPolicy run =
      new TrainedPolicy(
          "r",
          List.of(point(100, 9), point(200, 7), point(300, 7.5), point(400, 6.5), point(500, 8)),
          null,
          null,
          6.8,
          8.2);

  @Test
  void bestFinalAndFirstStepBelowATarget() {
    assertThat(run.bestValidationJct()).isEqualTo(6.5);
    assertThat(run.bestStep()).isEqualTo(400);
    assertThat(run.bestJct()).as("reported on test traces").isEqualTo(6.8);
    assertThat(run.finalJct()).as("reported on test traces").isEqualTo(8.2);
    assertThat(run.firstStepAtOrBelow(7.5)).isEqualTo(200);
    assertThat(run.firstStepAtOrBelow(7)).isEqualTo(200);
    assertThat(run.firstStepAtOrBelow(6)).isEqualTo(-1);
  }

  @Test
  void aRunNeedsAValidationPoint() {
    assertThatThrownBy(() -> new TrainedPolicy("r", List.of(), null, null, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void studiesAreFoundByNameAndAllRunsEveryOne() {
    assertThat(Studies.names())
        .containsExactly(
            "speed-variation",
            "epoch-error",
            "length-error",
            "teacher",
            "job-types",
            "cluster-scale",
            "agents",
            "ablation-critic",
            "ablation-exploration",
            "ablation-replay",
            "ablation-reward",
            "offline-rl",
            "real-traces",
            "heuristic-variants",
            "stronger-greedy",
            "observed-greedy",
            "rollout-variants",
            "unseen-types",
            "load-sweep-arrival-rate",
            "load-sweep-cluster-size");
    assertThat(Studies.byName("all")).hasSize(20);
    assertThat(Studies.byName("load-sweep"))
        .extracting(Study::name)
        .containsExactly("load-sweep-arrival-rate", "load-sweep-cluster-size");
    assertThat(Studies.byName("agents"))
        .singleElement()
        .extracting(Study::name)
        .isEqualTo("agents");
    assertThatThrownBy(() -> Studies.byName("Agents"))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("valid experiments");
  }

  @Test
  void budgetStepsScaleAndStayPositive() {
    Budget budget = Budget.full();
    assertThat(budget.steps(1.0 / 3)).isEqualTo(1000);
    assertThat(new Budget(2, 1, 1, 1, 1e-4, true).steps(0.1)).isEqualTo(1);
    assertThatThrownBy(() -> new Budget(0, 1, 1, 1, 1e-4, true))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
