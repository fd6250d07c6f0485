package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One rule for every output file: a file dl2 did not write is refused without --force (exit 2, one
 * line, the file untouched); a file it wrote as the same kind is replaced.
 */
class OverwriteRuleTest {
  private static final String MINE = "a file someone else wrote\n";
  private static final List<String> SIMULATE =
      List.of("simulate", "--scheduler", "drf", "--workload", "paper-testbed", "--traces", "1");

  @TempDir Path dir;

  private static CliRun run(List<String> base, String... more) {
    List<String> args = new ArrayList<>(base);
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  private void refusedThenForced(List<String> command, String flag) throws Exception {
    Path file = Files.writeString(dir.resolve(flag.substring(2) + ".out"), MINE);

    CliRun refused = run(command, flag, file.toString());
    assertThat(refused.exitCode()).as(flag).isEqualTo(2);
    assertThat(refused.err().strip())
        .as(flag)
        .startsWith("dl2: " + flag + " " + file + ": the file exists and is not")
        .endsWith("choose another path, or give --force to replace it")
        .hasLineCount(1);
    assertThat(Files.readString(file)).isEqualTo(MINE);

    CliRun forced = run(command, flag, file.toString(), "--force");
    assertThat(forced.exitCode()).as(forced.err()).isZero();
    assertThat(Files.readString(file)).isNotEqualTo(MINE);

    CliRun again = run(command, flag, file.toString()); // now dl2's own: a rerun replaces it
    assertThat(again.exitCode()).as(flag + " rerun: " + again.err()).isZero();
  }

  @Test
  void simulateJson() throws Exception {
    refusedThenForced(SIMULATE, "--json");
  }

  @Test
  void jobsAndSlotsCsv() throws Exception {
    refusedThenForced(SIMULATE, "--jobs-csv");
    refusedThenForced(SIMULATE, "--slots-csv");
  }

  @Test
  void clusterEmulatorJson() throws Exception {
    refusedThenForced(
        List.of(
            "cluster-emulator",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "1"),
        "--json");
  }

  @Test
  void convertOutReplacesOnlyWithForce() throws Exception {
    Path in =
        Files.writeString(
            dir.resolve("tiresias.csv"),
            "job_id,num_gpu,submit_time,iterations,model_name,duration,interval\n"
                + "0,1,1200,606,vgg16,1200,30\n1,4,0,133,inception3,1200,23\n");
    Path out = Files.writeString(dir.resolve("trace.csv"), MINE);
    List<String> convert = List.of("convert", "--from", "tiresias", in.toString());

    CliRun refused = run(convert, "--out", out.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err().strip())
        .isEqualTo(
            "dl2: --out "
                + out
                + ": the file exists and is not a converted trace that dl2 wrote; choose another path, or"
                + " give --force to replace it");
    assertThat(Files.readString(out)).isEqualTo(MINE);
    assertThat(run(convert, "--out", out.toString(), "--force").exitCode()).isZero();
    assertThat(Files.readString(out)).startsWith("job_id,submit_time_s,model,epochs");
    assertThat(run(convert, "--out", out.toString()).exitCode()).as("a rerun").isZero();
  }

  @Test
  void aCompareReportReplacingItsOwnSaysSo() {
    List<String> compare =
        List.of(
            "compare", "--workload", "paper-testbed", "--traces", "1", "--scheduler", "drf,fifo");
    Path out = dir.resolve("report");
    assertThat(run(compare, "--out", out.toString()).exitCode()).isZero();
    CliRun again = run(compare, "--out", out.toString());
    assertThat(again.exitCode()).isZero();
    assertThat(again.err()).contains("dl2: replacing the earlier compare report in " + out);
  }
}
