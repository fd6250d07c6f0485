package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.io.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code --jobs-csv} and {@code --slots-csv}: rows that agree with the run's own results. */
class ExportTest {
  @TempDir Path dir;

  @Test
  void jobAndSlotRowsAgreeWithTheSimulationResults() throws Exception {
    Path jobs = dir.resolve("out/jobs.csv");
    Path slots = dir.resolve("out/slots.csv");
    Path json = dir.resolve("run.json");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--json",
            json.toString(),
            "--jobs-csv",
            jobs.toString(),
            "--slots-csv",
            slots.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("wrote " + jobs, "wrote " + slots);
    JsonNode traces = Json.mapper().readTree(json.toFile()).get("traces");
    List<String[]> jobRows =
        Files.readAllLines(jobs).stream().skip(1).map(l -> l.split(",", -1)).toList();
    assertThat(jobRows).hasSize(20);
    for (int t = 0; t < 2; t++) {
      String name = traces.get(t).get("name").asString();
      List<String[]> rows = jobRows.stream().filter(r -> r[0].equals(name)).toList();
      assertThat(rows).hasSize(10).allSatisfy(r -> assertThat(r[1]).isEqualTo("optimus"));
      double sum = 0;
      for (String[] r : rows) {
        double jct = Double.parseDouble(r[7]);
        assertThat(jct).isCloseTo(Double.parseDouble(r[6]) - Integer.parseInt(r[4]), within(1e-9));
        assertThat(Integer.parseInt(r[8]))
            .isEqualTo(Integer.parseInt(r[5]) - Integer.parseInt(r[4]))
            .isNotNegative();
        assertThat(Integer.parseInt(r[9])).isPositive();
        assertThat(Double.parseDouble(r[10])).isGreaterThanOrEqualTo(1);
        sum += jct;
      }
      assertThat(sum / rows.size())
          .isCloseTo(traces.get(t).get("avg_jct").asDouble(), within(1e-9));
      List<String[]> log =
          Files.readAllLines(slots).stream()
              .skip(1)
              .map(l -> l.split(","))
              .filter(r -> r[0].equals(name))
              .toList();
      assertThat(log.stream().mapToInt(r -> Integer.parseInt(r[5])).sum())
          .as("arrivals")
          .isEqualTo(10);
      assertThat(log.stream().mapToInt(r -> Integer.parseInt(r[6])).sum())
          .as("completions")
          .isEqualTo(10);
      assertThat(log)
          .allSatisfy(
              r -> {
                assertThat(Integer.parseInt(r[4])).isLessThanOrEqualTo(Integer.parseInt(r[3]));
                assertThat(Double.parseDouble(r[10])).isBetween(0.0, 1.0);
              });
      assertThat(log).hasSize((int) Math.ceil(traces.get(t).get("makespan").asDouble()));
    }
  }

  @Test
  void anUnwritableTargetFailsBeforeAnySimulation() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-large",
            "--jobs-csv",
            file.resolve("jobs.csv").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("is a file, not a directory").hasLineCount(1);
    CliRun directory = CliRun.of("simulate", "--scheduler", "drf", "--slots-csv", dir.toString());
    assertThat(directory.exitCode()).isEqualTo(2);
    assertThat(directory.err()).contains("is a directory").hasLineCount(1);
  }
}
