package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --cluster: a cluster file replaces the preset's cluster; a bad one exits 2 with one line. */
class ClusterOptionTest {
  private static final String HEADER = "count,cores,gpus,gpu_type\n";

  @TempDir Path dir;

  private CliRun simulate(String clusterText) throws IOException {
    Path cluster = Files.writeString(dir.resolve("cluster.csv"), clusterText);
    return CliRun.of(
        "simulate",
        "--workload",
        "paper-testbed",
        "--traces",
        "1",
        "--scheduler",
        "drf",
        "--cluster",
        cluster.toString());
  }

  @Test
  void aClusterFileReplacesThePresetsNodes() throws IOException {
    CliRun run = simulate(HEADER + "3,8,2,k80\n4,8,2,v100\n");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("(7 nodes,");
  }

  @Test
  void anUnknownGpuTypeExitsWithOneLineNamingFileLineAndField() throws IOException {
    CliRun run = simulate(HEADER + "3,8,2,k80\n4,8,2,h100\n");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: " + dir.resolve("cluster.csv") + ":3: field 'gpu_type': unknown GPU type")
        .hasLineCount(1)
        .doesNotContain("Exception");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void zeroNodesAndNodesNoJobCanUseExitWithOneLine() throws IOException {
    CliRun zero = simulate(HEADER + "0,8,2,k80\n");
    assertThat(zero.exitCode()).isEqualTo(2);
    assertThat(zero.err()).contains(":2: field 'count': ").hasLineCount(1);
    CliRun tiny = simulate(HEADER + "2,3,2,k80\n");
    assertThat(tiny.exitCode()).isEqualTo(2);
    assertThat(tiny.err()).contains(":2: field 'cores': ").hasLineCount(1);
  }
}
