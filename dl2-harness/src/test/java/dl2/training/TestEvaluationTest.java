package dl2.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dl2.evaluation.Evaluation;
import dl2.learning.run.RunBudget;
import dl2.workload.LengthError;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import dl2.workload.Presets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The test summary's references run in the setting the run trained in, checked before any run. */
class TestEvaluationTest {
  @ParameterizedTest
  @EnumSource(LengthKnowledge.class)
  void everyReferenceRunsUnderTheRunsLengthSetting(LengthKnowledge knowledge) {
    RunBudget budget =
        new RunBudget(
            Presets.byName("paper-testbed"),
            7,
            10,
            5,
            2,
            2,
            1,
            new LengthSetting(knowledge, LengthError.CALIBRATED));
    Evaluation test = TestEvaluation.of(budget);
    assertThat(test.lengths().knowledge()).isEqualTo(knowledge);
    for (String reference : TestEvaluation.references(test.lengths())) {
      assertThatCode(() -> test.check(reference)).as(reference).doesNotThrowAnyException();
    }
    assertThat(TestEvaluation.runs(test))
        .isEqualTo((TestEvaluation.references(test.lengths()).size() + 2) * 2L);
  }
}
