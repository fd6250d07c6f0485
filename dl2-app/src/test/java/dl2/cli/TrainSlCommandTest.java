package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.Json;
import dl2.learning.file.PolicyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The warm-up through the real command line, on a tiny budget (paper-testbed, small network). */
class TrainSlCommandTest {
  @TempDir Path dir;

  private CliRun train(Path out) {
    return CliRun.of(
        "train-sl",
        "--workload",
        "paper-testbed",
        "--steps",
        "40",
        "--validate-every",
        "20",
        "--validation-traces",
        "2",
        "--hidden",
        "16",
        "--out",
        out.toString());
  }

  @Test
  void trainsAPolicyThatSimulateAndCompareCanRun() throws Exception {
    Path out = dir.resolve("sl");
    CliRun run = train(out);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("best validation mean avg JCT");
    assertThat(Files.readAllLines(out.resolve("learning-curve.csv")))
        .hasSize(3)
        .first()
        .asString()
        .startsWith("step,");
    Path policy = out.resolve("best.policy");
    CliRun simulate =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            policy.toString(),
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--json",
            "-");
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
    JsonNode json = Json.mapper().readTree(simulate.out());
    assertThat(json.get("scheduler").asString()).isEqualTo("dl2");
    CliRun compare =
        CliRun.of(
            "compare",
            "--policy",
            policy.toString(),
            "--workload",
            "paper-testbed",
            "--traces",
            "2");
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(compare.out()).contains("dl2");
  }

  @Test
  void warmsUpAPooledEmbeddingNetwork() throws Exception {
    Path out = dir.resolve("pooled");
    CliRun run =
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--steps",
            "20",
            "--validate-every",
            "10",
            "--validation-traces",
            "2",
            "--hidden",
            "16",
            "--network",
            "pooled-embeddings",
            "--encoding",
            "observed",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    CliRun simulate =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            out.resolve("best.policy").toString(),
            "--workload",
            "paper-testbed",
            "--traces",
            "2");
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
  }

  @Test
  void theSameSeedWritesTheSameFiles() throws Exception {
    train(dir.resolve("a"));
    train(dir.resolve("b"));
    for (String file : List.of("best.policy", "final.policy", "learning-curve.csv")) {
      assertThat(Files.readAllBytes(dir.resolve("a").resolve(file)))
          .isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(file)));
    }
  }

  @Test
  void badFlagsExitWithCodeTwoAndWriteNothing() {
    Path out = dir.resolve("none");
    for (List<String> bad :
        List.of(
            List.of("--teacher", "lottery"),
            List.of("--lr", "-1"),
            List.of("--encoding", "fancy"),
            List.of("--workload", "paper-huge"),
            List.of("--steps", "0"),
            List.of("--no-start-bundle", "--slot-start-bundle"),
            List.of("--residual", "lottery"),
            List.of("--residual", "ia-greedy-multistep-oracle"),
            List.of("--residual", "ia-greedy-multistep", "--residual-bonus", "-1"),
            List.of("--residual-bonus", "3"),
            List.of("--residual", "ia-greedy-multistep", "--slot-start-bundle"))) {
      String[] args =
          java.util.stream.Stream.concat(
                  java.util.stream.Stream.of("train-sl", "--out", out.toString()), bad.stream())
              .toArray(String[]::new);
      CliRun run = CliRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.err().strip()).startsWith("dl2: ").doesNotContain("\n");
    }
    assertThat(out).doesNotExist();
  }

  @Test
  void aCorruptPolicyFileIsRejectedInOneLine() throws Exception {
    Path bad = dir.resolve("bad.policy");
    Files.writeString(bad, "not a policy at all");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            bad.toString(),
            "--workload",
            "paper-testbed");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip()).contains("bad.policy").doesNotContain("\n");
  }

  @Test
  void compareIncludesThePolicyShippedForThePresetUnlessToldNotTo() throws Exception {
    Path home = dir.resolve("home");
    assertThat(train(dir.resolve("sl")).exitCode()).isZero();
    Files.createDirectories(home.resolve("policies"));
    Files.copy(
        dir.resolve("sl").resolve("best.policy"),
        home.resolve("policies").resolve("paper-testbed.policy"));
    String previous = System.getProperty("dl2.home");
    System.setProperty("dl2.home", home.toString());
    try {
      CliRun shipped = CliRun.of("compare", "--workload", "paper-testbed", "--traces", "2");
      assertThat(shipped.exitCode()).as(shipped.err()).isZero();
      assertThat(shipped.out()).contains("dl2 = policy").containsPattern("(?m)^dl2 ");
      CliRun without =
          CliRun.of("compare", "--workload", "paper-testbed", "--traces", "2", "--no-policy");
      assertThat(without.out()).doesNotContainPattern("(?m)^dl2 ");
      CliRun otherPreset = CliRun.of("compare", "--workload", "paper-small", "--traces", "1");
      assertThat(otherPreset.out()).doesNotContainPattern("(?m)^dl2 ");
    } finally {
      if (previous == null) {
        System.clearProperty("dl2.home");
      } else {
        System.setProperty("dl2.home", previous);
      }
    }
  }

  /**
   * Without the start-of-slot bundle the file says so, and the policy runs as it was validated:
   * from 0/0, so a job gets tasks only when the policy gives them (the teacher's frame,
   * undistorted).
   */
  @Test
  void withoutTheStartBundleThePolicyFileSaysSo() throws Exception {
    Path out = dir.resolve("no-bundle");
    CliRun run =
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--steps",
            "20",
            "--validate-every",
            "20",
            "--validation-traces",
            "1",
            "--hidden",
            "16",
            "--no-start-bundle",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    PolicyFile file = PolicyFile.load(out.resolve("final.policy"));
    assertThat(file.settings().startOfSlotBundle()).isFalse();
    assertThat(file.settings().describe()).endsWith(", no start-of-slot bundle");
    // 20 steps teach it too little to admit every job: its validation starves, is recorded as
    // such, and its one checkpoint is still kept
    assertThat(Files.readAllLines(out.resolve("learning-curve.csv")).get(1)).contains("Infinity");
    assertThat(out.resolve("best.policy")).exists();
  }

  @Test
  void theMismatchSwitchesChangeWhatIsLearned() throws Exception {
    Path plain = dir.resolve("plain");
    Path switched = dir.resolve("switched");
    assertThat(train(plain).exitCode()).isZero();
    CliRun run =
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--steps",
            "40",
            "--validate-every",
            "20",
            "--validation-traces",
            "2",
            "--hidden",
            "16",
            "--bundle-labels",
            "--no-shuffle",
            "--drop-unlabelled",
            "--out",
            switched.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readAllBytes(switched.resolve("final.policy")))
        .isNotEqualTo(Files.readAllBytes(plain.resolve("final.policy")));
  }
}
