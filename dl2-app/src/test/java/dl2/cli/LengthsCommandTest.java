package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.LengthError;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --lengths} and {@code --length-error} on the command line (docs/job-lengths.md): bad
 * settings and schedulers that cannot run under them exit 2 with one line before any run; the
 * settings that can run do.
 */
class LengthsCommandTest {
  @TempDir Path dir;

  private void assertRejected(String expected, String... args) throws IOException {
    CliRun run = CliRun.of(args);
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
  void anUnknownSettingListsTheValidOnes() throws IOException {
    assertRejected(
        "--lengths must be one of exact, estimated, unknown: rough",
        "simulate",
        "--scheduler",
        "drf",
        "--lengths",
        "rough");
  }

  @Test
  void anErrorModelNeedsEstimatedLengths() throws IOException {
    assertRejected(
        "--length-error needs --lengths estimated (lengths are exact)",
        "simulate",
        "--scheduler",
        "drf",
        "--length-error",
        "calibrated");
    assertRejected(
        "--length-error must be calibrated, uniform:E, log-laplace:B, log-normal:S or trace",
        "compare",
        "--lengths",
        "estimated",
        "--length-error",
        "lognormal:1");
  }

  @Test
  void theEpochErrorIsForExactRunsOnly() throws IOException {
    assertRejected(
        "with --lengths estimated leave it out and use --length-error uniform:E",
        "simulate",
        "--scheduler",
        "drf",
        "--lengths",
        "estimated",
        "--epoch-error",
        "0.2");
  }

  @Test
  void aSchedulerThatNeedsLengthsIsRefusedUnderUnknownNamingTheOthers() throws IOException {
    assertRejected(
        "scheduler 'optimus-remaining@fewest-nodes' needs job lengths, which --lengths unknown"
            + " hides; use --lengths estimated, or one that needs none: drf, fifo, tiresias,"
            + " gavel-max-min, gavel-max-min-oracle, sia-oracle,"
            + " gittins, equi, optimus-remaining-posterior,"
            + " optimus-last-slot-posterior, optimus-fitted-posterior,"
            + " ia-greedy-posterior, ia-greedy-multistep-posterior",
        "simulate",
        "--scheduler",
        "optimus-remaining@fewest-nodes",
        "--workload",
        "paper-testbed",
        "--lengths",
        "unknown");
    assertThatThrownBy(() -> SchedulerCatalog.baselines(0).checkWithoutLengths("dl2@fewest-nodes"))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(
            "scheduler 'dl2@fewest-nodes' (the trained policy) reads job lengths in its state,");
    // with a length setting, dl2's state believes the prior (docs/job-lengths.md)
    SchedulerCatalog.baselines(0)
        .withLengthPrior(
            Presets.byName("paper-testbed"),
            FittedOptimusSpeed.INSTANCE,
            TraceSets.DEFAULT_BASE_SEED,
            new LengthSetting(LengthKnowledge.UNKNOWN, LengthError.CALIBRATED))
        .checkWithoutLengths("dl2@fewest-nodes");
    assertRejected(
        "needs job lengths",
        "compare",
        "--workload",
        "paper-testbed",
        "--scheduler",
        "drf,hesrpt",
        "--lengths",
        "unknown");
  }

  @Test
  void benchAndTheEmulatorRefuseUnknownLengths() throws IOException {
    assertRejected(
        "bench times every baseline, and most read job lengths: it runs --lengths exact or"
            + " estimated",
        "bench",
        "--workload",
        "paper-testbed",
        "--lengths",
        "unknown");
  }

  @Test
  void traceEstimatesNeedTraceFilesWithTheColumn() throws IOException {
    assertRejected(
        "--length-error trace reads the estimated_epochs column of --trace files",
        "simulate",
        "--scheduler",
        "drf",
        "--lengths",
        "estimated",
        "--length-error",
        "trace");
    Path file =
        csv("job_id,submit_time_s,model,epochs,estimated_epochs\n1,0,wlm,10,4\n2,0,wlm,10,\n");
    assertRejected(
        file + ":3: field 'estimated_epochs': missing estimate",
        "simulate",
        "--scheduler",
        "drf",
        "--workload",
        "paper-testbed",
        "--trace",
        file.toString(),
        "--lengths",
        "estimated",
        "--length-error",
        "trace");
  }

  /**
   * compare's default rows: under estimated the length-aware baselines and the oracle reference
   * join, and the oracles are named as references; under unknown only the rows that read no length
   * stay, and the shipped policy is left out.
   */
  @Test
  void compareRowsFollowTheKnowledge() {
    CliRun estimated =
        CliRun.of(
            "compare", "--workload", "paper-testbed", "--traces", "1", "--lengths", "estimated");
    assertThat(estimated.exitCode()).as(estimated.err()).isZero();
    assertThat(estimated.out())
        .contains("job lengths: estimated (calibrated)")
        .contains("\noptimus-remaining-oracle ")
        .contains("\ngittins@fewest-nodes ")
        .contains(
            "oracles, references only: optimus, optimus@fewest-nodes, optimus-remaining-oracle");
    CliRun unknown =
        CliRun.of(
            "compare", "--workload", "paper-testbed", "--traces", "1", "--lengths", "unknown");
    assertThat(unknown.exitCode()).as(unknown.err()).isZero();
    assertThat(unknown.out())
        .startsWith("16 schedulers on paper-testbed")
        .contains(
            "\ntiresias ",
            "\nequi ",
            "\noptimus-remaining-posterior@fewest-nodes ",
            "\noptimus-last-slot-posterior@fewest-nodes ")
        .doesNotContain("\noptimus ", "\nsrtf ", "\nhesrpt ", "\ndl2", "dl2 = policy");
  }

  @Test
  void runsUnderEveryKnowledge() throws IOException {
    Path file =
        csv("job_id,submit_time_s,model,epochs,estimated_epochs\n1,0,wlm,10,4\n2,0,dssm,10,30\n");
    for (String[] args :
        new String[][] {
          {"--scheduler", "gittins", "--lengths", "unknown", "--traces", "1"},
          {"--scheduler", "optimus-remaining-posterior", "--lengths", "unknown", "--traces", "1"},
          {"--scheduler", "hesrpt", "--lengths", "estimated", "--traces", "1"},
          {"--scheduler", "optimus-remaining-oracle", "--lengths", "estimated", "--traces", "1"},
          {"--scheduler", "equi", "--lengths", "estimated", "--length-error", "log-normal:1"},
          {
            "--scheduler",
            "optimus-remaining",
            "--lengths",
            "estimated",
            "--length-error",
            "trace",
            "--trace",
            file.toString()
          },
        }) {
      String[] full = new String[args.length + 3];
      full[0] = "simulate";
      full[1] = "--workload";
      full[2] = "paper-testbed";
      System.arraycopy(args, 0, full, 3, args.length);
      CliRun run = CliRun.of(full);
      assertThat(run.exitCode()).as(String.join(" ", full) + ": " + run.err()).isZero();
      assertThat(run.out()).contains("lengths ");
    }
  }
}
