package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicyFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --reward observed-placed-marginals} through the real command: a tiny placed run in
 * the realistic world, and the two refusals (an encoding whose actions name no node, and --resume).
 */
class PlacedRewardCommandTest {
  @TempDir Path dir;

  private List<String> args(String encoding, Path out) {
    return List.of(
        "train",
        "--workload",
        "paper-testbed",
        "--world",
        "realistic",
        "--sl-steps",
        "0",
        "--validate-every",
        "5",
        "--validation-traces",
        "1",
        "--hidden",
        "8",
        "--encoding",
        encoding,
        "--reward",
        "observed-placed-marginals",
        "--threads",
        "1",
        "--out",
        out.toString());
  }

  private static String[] with(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void aPlacedPolicyTrainsOnItAndCannotBeResumed() {
    Path out = dir.resolve("placed");
    CliRun run = CliRun.of(with(args("placed", out), "--steps", "10"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("observed-placed-marginals").contains("observation-only");
    assertThat(PolicyFile.load(out.resolve("best.policy")).training().reward())
        .startsWith("observed-placed-marginals");

    CliRun resumed = CliRun.of(with(args("placed", out), "--steps", "15", "--resume"));
    assertThat(resumed.exitCode()).isEqualTo(2);
    assertThat(resumed.err().lines()).hasSize(1);
    assertThat(resumed.err())
        .startsWith("dl2: ")
        .contains("observed-placed-marginals")
        .contains("cannot be resumed")
        .doesNotContain("Exception");
  }

  @Test
  void anEncodingWhoseActionsNameNoNodeIsRefusedInOneLine() {
    CliRun run = CliRun.of(with(args("observed", dir.resolve("observed")), "--steps", "10"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines()).hasSize(1);
    assertThat(run.err())
        .startsWith("dl2: --reward observed-placed-marginals")
        .contains("--encoding placed")
        .contains("--encoding observed");
    assertThat(dir.resolve("observed")).doesNotExist();
  }
}
