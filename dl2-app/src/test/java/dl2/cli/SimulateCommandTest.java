package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SimulateCommandTest {
  private static final JsonMapper JSON = Json.mapper();

  @TempDir Path dir;

  private static List<String> keys(JsonNode node) {
    return node.properties().stream().map(e -> e.getKey()).toList();
  }

  @Test
  void jsonToStdoutIsOnlyJsonWithTheDocumentedKeys() throws IOException {
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--json",
            "-");
    assertThat(run.exitCode()).isZero();
    JsonNode root = JSON.readTree(run.out());
    assertThat(keys(root))
        .containsExactly(
            "dl2",
            "scheduler",
            "workload",
            "seed",
            "trace_set",
            "mean_avg_jct",
            "mean_waiting",
            "traces");
    assertThat(keys(root.get("dl2")))
        .containsExactly("version", "commit", "format", "format_version");
    assertThat(root.get("dl2").get("format").asString()).isEqualTo("simulation");
    assertThat(root.get("dl2").get("version").asString()).isNotEmpty();
    assertThat(root.get("trace_set").asString()).isEqualTo("test");
    assertThat(root.get("scheduler").asString()).isEqualTo("drf");
    assertThat(root.get("traces")).hasSize(2);
    JsonNode trace = root.get("traces").get(0);
    assertThat(keys(trace))
        .containsExactly("name", "seed", "avg_jct", "makespan", "avg_waiting", "jobs");
    assertThat(trace.get("name").asString()).isEqualTo("test-0");
    assertThat(trace.get("jobs")).hasSize(10);
    assertThat(keys(trace.get("jobs").get(0)))
        .containsExactly("id", "arrival_slot", "first_start_slot", "waiting", "jct");
    double mean =
        (root.get("traces").get(0).get("avg_jct").asDouble()
                + root.get("traces").get(1).get("avg_jct").asDouble())
            / 2;
    assertThat(root.get("mean_avg_jct").asDouble()).isEqualTo(mean);
    assertThat(run.err()).contains("test-1").contains("mean");
  }

  @Test
  void averageJctIsTheMeanOfJobJcts() throws IOException {
    JsonNode trace =
        JSON.readTree(
                CliRun.of(
                        "simulate",
                        "--scheduler",
                        "srtf",
                        "--workload",
                        "paper-testbed",
                        "--traces",
                        "1",
                        "--json",
                        "-")
                    .out())
            .get("traces")
            .get(0);
    double sum = 0;
    for (JsonNode job : trace.get("jobs")) {
      sum += job.get("jct").asDouble();
    }
    assertThat(trace.get("avg_jct").asDouble()).isEqualTo(sum / trace.get("jobs").size());
  }

  @Test
  void tableGoesToStdoutWithoutJson() {
    CliRun run =
        CliRun.of(
            "simulate", "--scheduler", "fifo", "--workload", "paper-testbed", "--traces", "3");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("trace", "avg JCT", "avg wait", "makespan", "test-0", "test-2", "mean");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void sameSeedGivesIdenticalJson() {
    String[] args = {
      "simulate",
      "--scheduler",
      "optimus",
      "--workload",
      "paper-testbed",
      "--traces",
      "3",
      "--seed",
      "42",
      "--optimus-error",
      "0.2",
      "--speed-noise",
      "0.1",
      "--json",
      "-"
    };
    assertThat(CliRun.of(args).out()).isEqualTo(CliRun.of(args).out());
  }

  @Test
  void differentSeedsGiveDifferentTraces() {
    String a =
        CliRun.of(
                "simulate",
                "--scheduler",
                "drf",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--seed",
                "1",
                "--json",
                "-")
            .out();
    String b =
        CliRun.of(
                "simulate",
                "--scheduler",
                "drf",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--seed",
                "2",
                "--json",
                "-")
            .out();
    assertThat(a).isNotEqualTo(b);
  }

  @Test
  void threadCountDoesNotChangeResults() {
    String[] base = {
      "simulate",
      "--scheduler",
      "optimus",
      "--workload",
      "paper-small",
      "--traces",
      "4",
      "--speed-noise",
      "0.2",
      "--optimus-error",
      "0.1",
      "--json",
      "-",
      "--threads"
    };
    String one = CliRun.of(concat(base, "1")).out();
    assertThat(CliRun.of(concat(base, "2")).out()).isEqualTo(one);
    assertThat(CliRun.of(concat(base, "3")).out()).isEqualTo(one);
  }

  @Test
  void jsonFileIsWrittenAndTableStaysOnStdout() throws IOException {
    Path file = dir.resolve("sub/out.json");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "tetris",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--json",
            file.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(JSON.readTree(file.toFile()).get("scheduler").asString()).isEqualTo("tetris");
    assertThat(run.out()).contains("test-0");
    try (var files = Files.list(file.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("out.json");
    }
  }

  @Test
  void traceFilesReplaceGeneratedTraces() throws IOException {
    Path csv = dir.resolve("mine.csv");
    Files.writeString(
        csv, "job_id,submit_time_s,model,epochs\n1,0,resnet-50,20\n2,300,wlm,10\n5,700,dssm,5\n");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--trace",
            csv.toString(),
            "--json",
            "-");
    assertThat(run.exitCode()).isZero();
    JsonNode trace = JSON.readTree(run.out()).get("traces").get(0);
    assertThat(trace.get("name").asString()).isEqualTo("mine");
    assertThat(trace.has("seed")).isFalse();
    assertThat(trace.get("jobs").findValuesAsString("id")).containsExactly("1", "2", "5");
    assertThat(trace.get("jobs").findValuesAsString("arrival_slot")).containsExactly("0", "1", "2");
  }

  @Test
  void nodesOverrideChangesTheCluster() {
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--nodes",
            "2");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("(2 nodes");
  }

  private static String[] concat(String[] base, String last) {
    String[] all = java.util.Arrays.copyOf(base, base.length + 1);
    all[base.length] = last;
    return all;
  }
}
