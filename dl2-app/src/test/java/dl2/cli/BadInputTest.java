package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad input exits 2 with one line on stderr, nothing on stdout and no output file. */
class BadInputTest {
  @TempDir Path dir;

  private void assertRejected(String expected, String... args) throws IOException {
    boolean simulate = args.length > 0 && args[0].equals("simulate");
    String[] withJson = Arrays.copyOf(args, args.length + 2);
    withJson[args.length] = "--json";
    withJson[args.length + 1] = dir.resolve("out.json").toString();
    CliRun run = CliRun.of(simulate ? withJson : args);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: ")
        .contains(expected)
        .hasLineCount(1)
        .doesNotContain("\tat ");
    assertThat(run.out()).isEmpty();
    try (var files = Files.list(dir)) {
      assertThat(files.filter(p -> !p.toString().endsWith(".csv"))).isEmpty();
    }
  }

  private Path csv(String content) throws IOException {
    Path file = dir.resolve("t.csv");
    Files.writeString(file, content);
    return file;
  }

  @Test
  void unknownSchedulerListsValidOnes() throws IOException {
    assertRejected(
        "valid schedulers: drf, fifo, srtf, tetris, optimus",
        "simulate",
        "--scheduler",
        "dl3",
        "--workload",
        "paper-testbed");
  }

  @Test
  void unknownPresetListsValidOnes() throws IOException {
    assertRejected(
        "valid presets: paper-large, paper-small, paper-testbed, paper-dense",
        "simulate",
        "--scheduler",
        "drf",
        "--workload",
        "huge");
  }

  @Test
  void unknownPresetInCompare() throws IOException {
    assertRejected(
        "valid presets", "compare", "--workload", "huge", "--out", dir.resolve("c").toString());
  }

  @Test
  void missingSchedulerIsAParameterError() throws IOException {
    assertRejected("--scheduler", "simulate", "--workload", "paper-testbed");
  }

  @Test
  void nonNumericTraces() throws IOException {
    assertRejected("--traces", "simulate", "--scheduler", "drf", "--traces", "many");
  }

  @Test
  void zeroTraces() throws IOException {
    assertRejected(
        "--traces must be at least 1", "simulate", "--scheduler", "drf", "--traces", "0");
  }

  @Test
  void zeroNodes() throws IOException {
    assertRejected("--nodes", "simulate", "--scheduler", "drf", "--nodes", "0");
  }

  @Test
  void speedNoiseOutOfRange() throws IOException {
    assertRejected(
        "--speed-noise must be in [0, 1)",
        "simulate",
        "--scheduler",
        "drf",
        "--speed-noise",
        "1.5");
  }

  @Test
  void nanEpochError() throws IOException {
    assertRejected(
        "--epoch-error must be in [0, 1)",
        "simulate",
        "--scheduler",
        "drf",
        "--epoch-error",
        "NaN");
  }

  @Test
  void negativeOptimusError() throws IOException {
    assertRejected(
        "--optimus-error must be in [0, 1)",
        "simulate",
        "--scheduler",
        "optimus",
        "--optimus-error",
        "-0.1");
  }

  @Test
  void zeroThreads() throws IOException {
    assertRejected(
        "--threads must be at least 1",
        "simulate",
        "--scheduler",
        "drf",
        "--workload",
        "paper-testbed",
        "--threads",
        "0");
  }

  @Test
  void zeroRepeats() throws IOException {
    assertRejected(
        "--repeat must be at least 1", "bench", "--workload", "paper-testbed", "--repeat", "0");
  }

  @Test
  void unknownOption() throws IOException {
    assertRejected("--colour", "simulate", "--scheduler", "drf", "--colour");
  }

  @Test
  void missingCommand() throws IOException {
    assertRejected("missing command");
  }

  @Test
  void badTraceFileNamesFileLineAndField() throws IOException {
    Path file = csv("job_id,submit_time_s,model,epochs\n1,0,bert,10\n");
    assertRejected(
        file + ":2: field 'model': unknown model 'bert'",
        "simulate",
        "--scheduler",
        "drf",
        "--trace",
        file.toString());
  }

  @Test
  void badTraceFileInCompareWritesNoResults() throws IOException {
    Path file = csv("job_id,submit_time_s,model,epochs\n1,-1,wlm,10\n");
    assertRejected(
        "field 'submit_time_s'",
        "compare",
        "--trace",
        file.toString(),
        "--out",
        dir.resolve("c").toString());
  }

  @Test
  void missingTraceFile() throws IOException {
    assertRejected(
        "cannot be read",
        "simulate",
        "--scheduler",
        "drf",
        "--trace",
        dir.resolve("none.csv").toString());
  }

  @Test
  void epochErrorWithTraceFiles() throws IOException {
    Path file = csv("job_id,submit_time_s,model,epochs\n1,0,wlm,10\n");
    assertRejected(
        "generated traces only",
        "simulate",
        "--scheduler",
        "drf",
        "--trace",
        file.toString(),
        "--epoch-error",
        "0.1");
  }

  @Test
  void tracesWithTraceFiles() throws IOException {
    Path file = csv("job_id,submit_time_s,model,epochs\n1,0,wlm,10\n");
    assertRejected(
        "cannot be combined",
        "simulate",
        "--scheduler",
        "drf",
        "--trace",
        file.toString(),
        "--traces",
        "3");
  }

  @Test
  void slotLimitExitsOneWithOneLine() throws IOException {
    // Job 2 arrives in slot 99,000 and could finish by slot 100,000 alone at its fastest, not at
    // DRF's 12 bundles.
    Path file = csv("job_id,submit_time_s,model,epochs\n1,0,wlm,10\n2,29700000,vgg-16,130000\n");
    Path json = dir.resolve("out.json");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--trace",
            file.toString(),
            "--json",
            json.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .startsWith("dl2: trace t did not finish within 100000 slots")
        .hasLineCount(1);
    assertThat(json).doesNotExist();
  }

  @Test
  void aJobThatCannotFinishWithinTheSlotLimitIsRejectedBeforeTheRun() throws IOException {
    Path file =
        csv("job_id,submit_time_s,model,epochs\n1,0,wlm,10\n2,40000000,wlm,10\n3,0,vgg-16,1e9\n");
    assertRejected(
        "trace t: job 2 (wlm, 10 epochs, arriving in slot 133333) cannot finish within the simulator's limit of "
            + "100000 slots",
        "simulate",
        "--scheduler",
        "optimus-fitted",
        "--workload",
        "paper-testbed",
        "--trace",
        file.toString());
  }

  @Test
  void helpExitsZero() {
    CliRun run = CliRun.of("simulate", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("--scheduler", "--workload", "--trace", "--speed-noise");
  }
}
