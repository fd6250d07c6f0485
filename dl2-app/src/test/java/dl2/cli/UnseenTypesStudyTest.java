package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The unseen-types study end to end on a tiny budget: both DL2 runs, the heuristics, the table. */
class UnseenTypesStudyTest {
  @TempDir Path dir;

  @Test
  void itTrainsWithAndWithoutTheHeldOutTypesAndComparesThemOnTracesFullOfThem() throws Exception {
    CliRun run =
        CliRun.of(
            "experiment",
            "unseen-types",
            "--quick",
            "--workload",
            "paper-testbed",
            "--out",
            dir.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    String table = Files.readString(dir.resolve("unseen-types.csv"));
    assertThat(table)
        .contains("dl2 (two types never seen)")
        .contains("dl2 (all types seen)")
        .contains("optimus-fitted");
    assertThat(
            dir.resolve("runs")
                .resolve("dl2-unseen-paper-testbed-without-held-out")
                .resolve("best.policy"))
        .exists();
  }
}
