package dl2.run;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.cli.CliRun;
import dl2.cli.TestPolicies;
import dl2.io.Json;
import dl2.learning.file.PolicyFile;
import dl2.report.LearningCurveFigure;
import dl2.report.TrainingCurve;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A learning curve's reference levels come from the curve's own validation traces, read from the
 * policy beside it.
 */
class CurveLevelsTest {
  @TempDir Path dir;

  private Path curveWithPolicy(Integer validationTraces) throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve("rl-curve.csv"), "step,val_jct_greedy\n10,2.5\n20,1.5\n");
    TestPolicies.untrained(run.resolve("best.policy"), validationTraces);
    return run;
  }

  @Test
  void levelsAreTheBaselinesOnTheRunsValidationTraces() throws IOException {
    TrainingCurve curve = TrainingCurve.read(curveWithPolicy(3));
    LearningCurveFigure.Levels levels =
        CurveLevels.measure(curve, 2, new PrintWriter(new StringWriter()));
    assertThat(levels.description())
        .isEqualTo("the run's 3 validation traces of paper-testbed (base seed 5)");
    assertThat(levels.levels())
        .extracting(LearningCurveFigure.Level::scheduler)
        .containsExactly("drf", "optimus", "optimus-fitted");
    for (LearningCurveFigure.Level level : levels.levels()) {
      String json =
          CliRun.of(
                  "simulate",
                  "--scheduler",
                  level.scheduler(),
                  "--workload",
                  "paper-testbed",
                  "--trace-set",
                  "validation",
                  "--traces",
                  "3",
                  "--seed",
                  "5",
                  "--json",
                  "-")
              .out();
      assertThat(level.meanAvgJct())
          .as(level.scheduler())
          .isEqualTo(Json.mapper().readTree(json).get("mean_avg_jct").asDouble());
    }
  }

  @Test
  void aPolicyWithoutACountAssumesTrainsDefault() throws IOException {
    TrainingCurve curve = TrainingCurve.read(curveWithPolicy(null));
    Path policy = curve.policyBeside().orElseThrow();
    assertThat(PolicyFile.load(policy).training().validationTraces()).isNull();
    LearningCurveFigure.Levels levels =
        CurveLevels.measure(curve, 2, new PrintWriter(new StringWriter()));
    assertThat(levels.description()).contains("10 validation traces", "does not record the count");
  }
}
