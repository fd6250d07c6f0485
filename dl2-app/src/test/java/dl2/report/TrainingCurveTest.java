package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingCurveTest {
  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    return file;
  }

  @Test
  void readsStepAndGreedyValidationJctInAnyColumnOrder() throws IOException {
    TrainingCurve curve =
        TrainingCurve.read(
            write("c.csv", "train_loss,val_jct_greedy,step\n0.5,9.5,100\n\n0.4,8,200\n"));
    assertThat(curve.steps()).containsExactly(100, 200);
    assertThat(curve.validationJct()).containsExactly(9.5, 8);
  }

  /** A warm-up validation that starved its jobs (train-sl --no-start-bundle) has no point. */
  @Test
  void aStarvedValidationIsLeftOut() throws IOException {
    TrainingCurve curve =
        TrainingCurve.read(write("c.csv", "step,val_jct_greedy\n250,Infinity\n500,17.5\n"));
    assertThat(curve.steps()).containsExactly(500);
    assertThat(curve.validationJct()).containsExactly(17.5);
  }

  @Test
  void aDirectoryPrefersTheRlCurveOverTheWarmUpCurve() throws IOException {
    write("learning-curve.csv", "step,val_jct_greedy\n1,20\n");
    write("rl-curve.csv", "step,val_jct_greedy\n1,10\n");
    assertThat(TrainingCurve.read(dir).validationJct()).containsExactly(10);
  }

  @Test
  void aDirectoryWithoutACurveIsRefused() {
    assertThatThrownBy(() -> TrainingCurve.read(dir))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("is a directory without rl-curve.csv or learning-curve.csv");
  }

  @Test
  void aMissingColumnIsReportedOnTheHeaderLine() throws IOException {
    Path file = write("c.csv", "step,loss\n1,2\n");
    assertThatThrownBy(() -> TrainingCurve.read(file))
        .hasMessage(file + ":1: field 'val_jct_greedy': missing column; the header is step,loss");
  }

  @Test
  void aBadNumberIsReportedWithItsLineAndField() throws IOException {
    Path file = write("c.csv", "step,val_jct_greedy\n1,2\n2,fast\n");
    assertThatThrownBy(() -> TrainingCurve.read(file))
        .hasMessage(file + ":3: field 'val_jct_greedy': not a finite number: 'fast'");
  }

  @Test
  void aShortRowIsRefused() throws IOException {
    Path file = write("c.csv", "step,val_jct_greedy\n1\n");
    assertThatThrownBy(() -> TrainingCurve.read(file))
        .hasMessageContaining(":2: field 'row': has 1 fields, the header 2");
  }

  @Test
  void aHeaderWithoutRowsIsRefused() throws IOException {
    Path file = write("c.csv", "step,val_jct_greedy\n");
    assertThatThrownBy(() -> TrainingCurve.read(file)).hasMessageContaining("has no rows");
  }

  @Test
  void theShippedPolicysCurveIsFoundBesideIt() throws IOException {
    Path policy = write("paper-large.policy", "not read");
    Path curve = write("paper-large.rl-curve.csv", "step,val_jct_greedy\n1,2\n");
    assertThat(TrainingCurve.besidePolicy(policy)).contains(curve.toRealPath());
  }
}
