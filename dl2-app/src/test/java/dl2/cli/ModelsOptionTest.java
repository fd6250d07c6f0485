package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --models: traces naming models none of the presets has, under every scheduler, DL2 included. */
class ModelsOptionTest {
  private static final Path MODELS = Path.of("..", "examples", "models.csv");
  private static final Path TRACE = Path.of("..", "examples", "traces", "new-models.csv");

  /** The policy shipped for paper-small (tests run without the launcher's dl2.home). */
  private static final String POLICY = Path.of("..", "policies", "paper-small.policy").toString();

  private static final String HEADER =
      "model,epoch_size,worker_cores,worker_gpus,ps_cores,a,b,c,d,e\n";

  /**
   * f(p, w) = 1/b = 128 samples/s at any p, w (b = 2^-7, exact), 128 samples per epoch: one epoch
   * per second.
   */
  private static final String CONSTANT = "const-speed,128,1,0,1,0,0.0078125,0,0,0\n";

  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static String lastRow(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    return lines.get(lines.size() - 1);
  }

  @Test
  void oneJobOfAKnownSpeedFinishesWhenItsEpochsAreDone() throws IOException {
    Path models = write("models.csv", HEADER + CONSTANT);
    Path trace = write("one.csv", "job_id,submit_time_s,model,epochs\n0,0,const-speed,750\n");
    // paper-testbed: T = 300 s, so 300 epochs per slot at any allocation: 750 epochs take 2.5
    // slots.
    for (String scheduler :
        List.of(
            "drf",
            "fifo",
            "srtf",
            "tetris",
            "optimus",
            "optimus-fitted",
            "tiresias",
            "ia-greedy")) {
      Path jobs = dir.resolve(scheduler + ".csv");
      CliRun run =
          CliRun.of(
              "simulate",
              "--workload",
              "paper-testbed",
              "--trace",
              trace.toString(),
              "--models",
              models.toString(),
              "--scheduler",
              scheduler,
              "--jobs-csv",
              jobs.toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(lastRow(jobs))
          .as(scheduler)
          .startsWith("one," + scheduler + ",0,const-speed,0,0,2.5,2.5,0,3,");
    }
    // paper-small: T = 1200 s, 1200 epochs per slot: 750 / 1200 = 0.625 slots, under the shipped
    // policy too.
    Path jobs = dir.resolve("dl2.csv");
    CliRun run =
        CliRun.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            trace.toString(),
            "--models",
            models.toString(),
            "--scheduler",
            "dl2",
            "--policy",
            POLICY,
            "--jobs-csv",
            jobs.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(lastRow(jobs)).startsWith("one,dl2,0,const-speed,0,0,0.625,0.625,0,1,");
  }

  @Test
  void aTraceOfTwoNewModelsRunsUnderEverySchedulerOfCompareDl2Included() throws IOException {
    Path out = dir.resolve("report");
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-small",
            "--trace",
            TRACE.toString(),
            "--models",
            MODELS.toString(),
            "--policy",
            POLICY,
            "--out",
            out.toString(),
            "--placement",
            "least-loaded,fewest-nodes,interference-aware",
            "--placement-aware");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("dl2 = policy").contains("capacity lower bound");
    List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
    List<String> schedulers = rows.stream().skip(1).map(r -> r.split(",")[1]).distinct().toList();
    assertThat(schedulers)
        .contains(
            "drf",
            "tetris",
            "optimus-fitted",
            "ia-greedy",
            "ia-greedy-oracle",
            "dl2",
            "dl2@interference-aware");
    for (String scheduler : schedulers) {
      assertThat(rows)
          .as(scheduler)
          .filteredOn(r -> r.split(",")[1].equals(scheduler))
          .hasSize(24)
          .anyMatch(r -> r.contains(",bert-base,"))
          .anyMatch(r -> r.contains(",gpt2-small,"));
    }
  }

  @Test
  void theSameInputsGiveTheSameBytesAndAnUnusedDeclarationChangesNothing() throws IOException {
    String[] args = {
      "simulate",
      "--workload",
      "paper-small",
      "--trace",
      TRACE.toString(),
      "--models",
      MODELS.toString(),
      "--scheduler",
      "dl2",
      "--policy",
      POLICY,
      "--json",
      "-"
    };
    CliRun first = CliRun.of(args);
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(CliRun.of(args).out()).isEqualTo(first.out());
    Path tiny = Path.of("..", "examples", "traces", "tiny.csv");
    CliRun without =
        CliRun.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            tiny.toString(),
            "--scheduler",
            "ia-greedy",
            "--json",
            "-");
    CliRun with =
        CliRun.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            tiny.toString(),
            "--scheduler",
            "ia-greedy",
            "--json",
            "-",
            "--models",
            MODELS.toString());
    assertThat(with.out()).isEqualTo(without.out());
  }

  @Test
  void aModelWithoutCurveTakesItsSpeedsFromTheSpeedTable() throws IOException {
    Path models = write("models.csv", HEADER + "tabnet,150,2,0,1,,,,,\n");
    Path trace =
        write("t.csv", "job_id,submit_time_s,model,epochs\n0,0,tabnet,100\n1,0,resnet-50,100\n");
    StringBuilder table =
        new StringBuilder(Files.readString(Path.of("..", "examples", "speed-table.csv")));
    for (int p = 1; p <= 3; p++) {
      for (int w = 1; w <= 4; w++) {
        table
            .append("tabnet,")
            .append(p)
            .append(',')
            .append(w)
            .append(',')
            .append(10 * w + p)
            .append('\n');
      }
    }
    Path speeds = write("speeds.csv", table.toString());
    String[] base = {
      "simulate",
      "--workload",
      "paper-testbed",
      "--trace",
      trace.toString(),
      "--models",
      models.toString(),
      "--scheduler",
      "optimus"
    };
    CliRun withTable = CliRun.of(concat(base, "--speed-table", speeds.toString()));
    assertThat(withTable.exitCode()).as(withTable.err()).isZero();
    CliRun withoutTable = CliRun.of(base);
    assertThat(withoutTable.exitCode()).isEqualTo(2);
    assertThat(withoutTable.err().strip())
        .isEqualTo(
            "dl2: "
                + models
                + ":2: field 'a': model tabnet has no speed curve "
                + "(a,b,c,d,e); give one, or give its speeds with --speed-table");
    CliRun tableWithoutRows =
        CliRun.of(
            concat(base, "--speed-table", Path.of("..", "examples", "speed-table.csv").toString()));
    assertThat(tableWithoutRows.exitCode()).isEqualTo(2);
    assertThat(tableWithoutRows.err().strip()).endsWith("has no rows for model tabnet");
  }

  @Test
  void badDeclarationsAndUndeclaredModelsAreRefusedInOneLineBeforeAnythingRuns()
      throws IOException {
    Path models = write("models.csv", HEADER + CONSTANT);
    Path undeclared =
        write(
            "undeclared.csv",
            "job_id,submit_time_s,model,epochs\n0,0,const-speed,10\n1,5,llama,10\n");
    Path out = dir.resolve("out.json");
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            undeclared.toString(),
            "--models",
            models.toString(),
            "--scheduler",
            "drf",
            "--json",
            out.toString()),
        undeclared
            + ":3: field 'model': unknown model 'llama'; valid models: "
            + "resnet-50, vgg-16, resnext-110, inception-bn, seq2seq, cnn-text-classification, dssm, wlm, const-speed");
    assertThat(out).doesNotExist();
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            undeclared.toString(),
            "--scheduler",
            "drf"),
        undeclared
            + ":2: field 'model': unknown model 'const-speed'; valid models: resnet-50, vgg-16, resnext-110, "
            + "inception-bn, seq2seq, cnn-text-classification, dssm, wlm (declare others with --models)");
    Path twice = write("twice.csv", HEADER + CONSTANT + CONSTANT);
    refused(
        List.of(
            "compare",
            "--workload",
            "paper-small",
            "--trace",
            TRACE.toString(),
            "--models",
            twice.toString()),
        twice + ":3: field 'model': model 'const-speed' is declared twice (first on line 2)");
    Path bad = write("bad.csv", HEADER + "x,12O,1,0,1,1,1,1,1,1\n");
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            TRACE.toString(),
            "--models",
            bad.toString(),
            "--scheduler",
            "drf"),
        bad + ":2: field 'epoch_size': not a number: '12O'");
    Path huge = write("huge.csv", HEADER + "huge,10,8,1,1,1,1,1,1,1\n");
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            TRACE.toString(),
            "--models",
            huge.toString(),
            "--scheduler",
            "drf"),
        huge
            + ":2: field 'worker_cores': a worker and a PS of huge take 9 cores and 1 GPUs, more than "
            + "a node's 8 cores and 2 GPUs, so its jobs could never run");
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small",
            "--models",
            models.toString(),
            "--scheduler",
            "drf"),
        "--models needs --trace: generated traces use the built-in models only");
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small-realistic",
            "--trace",
            TRACE.toString(),
            "--models",
            MODELS.toString(),
            "--scheduler",
            "drf"),
        "--models cannot be used in the realistic world, which is calibrated for the built-in models "
            + "only; use --world default");
    refused(
        List.of(
            "simulate",
            "--workload",
            "paper-small",
            "--trace",
            TRACE.toString(),
            "--models",
            dir.resolve("absent.csv").toString(),
            "--scheduler",
            "drf"),
        null);
  }

  private static void refused(List<String> args, String message) {
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip())
        .doesNotContain("\n")
        .doesNotContain("Exception")
        .doesNotContain("dl2.model.");
    if (message != null) {
      assertThat(run.err().strip()).isEqualTo("dl2: " + message);
    }
  }

  private static String[] concat(String[] args, String... more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }
}
