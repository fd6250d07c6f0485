package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dl2.io.OutputPaths;
import dl2.output.OutputLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the commands do with their outputs: bad paths fail before any work, a locked directory names
 * its holder, an earlier run is neither overwritten nor mixed with, reports are replaced whole,
 * resume and force do what they say, and a broken checkpoint fails in one line.
 */
class OutputSafetyTest {
  private static final List<String> TINY =
      List.of(
          "--workload",
          "paper-testbed",
          "--sl-steps",
          "0",
          "--validate-every",
          "2",
          "--validation-traces",
          "1",
          "--hidden",
          "8",
          "--layers",
          "1",
          "--threads",
          "1");
  @TempDir Path dir;

  private static CliRun train(Path out, String... extra) {
    List<String> args = new ArrayList<>(List.of("train", "--out", out.toString()));
    args.addAll(TINY);
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(String[]::new));
  }

  private static void assertOneLine(CliRun run, String expected) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: ")
        .contains(expected)
        .hasLineCount(1)
        .doesNotContain("Exception");
  }

  @Test
  void badOutputPathsFailBeforeAnyWorkWithOneLine() throws Exception {
    Path file = Files.writeString(dir.resolve("file.txt"), "mine");
    assertOneLine(train(file, "--steps", "2"), "--out " + file + ": is a file, not a directory");
    assertOneLine(
        CliRun.of("train", "--out", "/", "--workload", "paper-testbed"),
        "--out /: is the root directory");
    assertOneLine(
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--json",
            "/"),
        "--json /: is the root directory, not a file");
    assertOneLine(
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--no-policy",
            "--out",
            file.toString()),
        "is a file, not a directory");
    assertOneLine(
        CliRun.of(
            "cluster-emulator",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--scheduler",
            "drf",
            "--shadow",
            file.resolve("rec").toString()),
        file + " is a file, not a directory");
    assertOneLine(
        CliRun.of("compare", "--workload", "paper-testbed", "--traces", "1", "--policy", "/"),
        "--policy /: is a directory, not a file");
    assertOneLine(
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--from-recording",
            "/dev/null",
            "--out",
            dir.resolve("sl").toString()),
        "--from-recording /dev/null: is a file, not a directory");
    assertThat(Files.readString(file)).isEqualTo("mine");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).containsExactly(file);
    }
  }

  @Test
  void devNullAsJsonStaysADevice() {
    assumeThat(OutputPaths.isDeviceOrPipe(Path.of("/dev/null"))).isTrue();
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--json",
            "/dev/null");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(OutputPaths.isDeviceOrPipe(Path.of("/dev/null"))).isTrue();
  }

  @Test
  void aRunIsNeitherOverwrittenNorSharedAndResumeAndForceDoWhatTheySay() throws Exception {
    Path out = dir.resolve("run");
    assertThat(train(out, "--steps", "2").exitCode()).isZero();
    byte[] first = Files.readAllBytes(out.resolve("final.policy"));
    assertOneLine(
        train(out, "--steps", "2", "--seed", "2"),
        "already holds a dl2 train run; continue it with --resume or start over with --force");
    assertThat(Files.readAllBytes(out.resolve("final.policy"))).isEqualTo(first);

    try (OutputLock held = OutputLock.acquire(out, "dl2 train --out run (another)")) {
      assertOneLine(
          train(out, "--steps", "4", "--resume"),
          "is in use by pid " + ProcessHandle.current().pid());
    }
    CliRun resumed = train(out, "--steps", "4", "--resume");
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(Files.readAllLines(out.resolve("rl-curve.csv"))).hasSize(3);
    assertOneLine(
        train(out, "--steps", "4", "--resume", "--encoding", "paper"),
        "but this command asks for window 40, cap 16, max epochs 1000, paper encoding");

    CliRun again = train(out, "--steps", "2", "--seed", "2", "--force");
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(Files.readAllLines(out.resolve("rl-curve.csv"))).hasSize(2);
    assertThat(Files.readAllBytes(out.resolve("final.policy"))).isNotEqualTo(first);
  }

  @Test
  void aDamagedCheckpointFailsInOneLineBeforeAnyProgress() throws Exception {
    Path out = dir.resolve("run");
    assertThat(train(out, "--steps", "2").exitCode()).isZero();
    Path state = out.resolve("checkpoint").resolve("resume.state").toRealPath();
    Files.write(state, new byte[] {1, 2, 3});
    CliRun run = train(out, "--steps", "4", "--resume");
    assertOneLine(run, "resume.state: ");
  }

  @Test
  void aResumeWithNothingToResumeStartsTheRunAndEndsLikeAnUninterruptedOne() throws Exception {
    CliRun fresh = train(dir.resolve("fresh"), "--steps", "2", "--resume");
    assertThat(fresh.exitCode()).as(fresh.err()).isZero();
    assertThat(fresh.err())
        .contains("holds no checkpoint yet: starting the run from the beginning");
    assertThat(train(dir.resolve("plain"), "--steps", "2").exitCode()).isZero();
    assertThat(Files.readAllBytes(dir.resolve("fresh").resolve("final.policy")))
        .isEqualTo(Files.readAllBytes(dir.resolve("plain").resolve("final.policy")));
  }

  @Test
  void aReportReplacesAnEarlierOneWholeButNeverSomeoneElsesFiles() throws Exception {
    Path report = dir.resolve("report");
    String[] compare = {
      "compare",
      "--workload",
      "paper-testbed",
      "--traces",
      "1",
      "--no-policy",
      "--out",
      report.toString()
    };
    assertThat(CliRun.of(compare).exitCode()).isZero();
    Files.writeString(report.resolve("figures").resolve("stale.svg"), "from before");
    CliRun again = CliRun.of(compare);
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(report.resolve("figures").resolve("stale.svg"))
        .as("the old version went as a whole")
        .doesNotExist();
    assertThat(report.resolve("results.json")).exists();
    try (Stream<Path> siblings = Files.list(dir)) {
      assertThat(siblings).containsExactly(report);
    }
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.writeString(home.resolve("notes.txt"), "mine");
    String[] intoHome = compare.clone();
    intoHome[intoHome.length - 1] = home.toString();
    assertOneLine(CliRun.of(intoHome), "holds other files; choose a new or empty directory");
    assertThat(home.resolve("notes.txt")).hasContent("mine");
  }

  @Test
  void aPolicyForAnotherPresetRunsWithAWarning() throws Exception {
    Path out = dir.resolve("small");
    CliRun trained =
        CliRun.of(
            "train",
            "--out",
            out.toString(),
            "--workload",
            "paper-small",
            "--sl-steps",
            "0",
            "--steps",
            "1",
            "--validation-traces",
            "1",
            "--hidden",
            "8",
            "--layers",
            "1",
            "--threads",
            "1");
    assertThat(trained.exitCode()).as(trained.err()).isZero();
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            out.resolve("best.policy").toString(),
            "--workload",
            "paper-testbed",
            "--traces",
            "1");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .startsWith("dl2: warning: --policy ")
        .contains("trained with window 40 (paper-testbed has 4")
        .hasLineCount(1);
  }
}
