package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dl2.schedulers.Schedulers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
  @TempDir Path dir;

  @Test
  void resultsJsonHoldsEveryBaselineInOrder() throws IOException {
    CliRun run = CliRun.of("compare", "--workload", "paper-testbed", "--traces", "3", "--out", dir.toString());
    assertThat(run.exitCode()).isZero();
    JsonNode root = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
    assertThat(root.get("workload").asText()).isEqualTo("paper-testbed");
    assertThat(root.get("traces")).extracting(JsonNode::asText).containsExactly("val-0", "val-1", "val-2");
    List<String> names = root.get("schedulers").properties().stream().map(e -> e.getKey()).toList();
    assertThat(names).isEqualTo(Schedulers.BASELINES);
    JsonNode drf = root.get("schedulers").get("drf");
    assertThat(drf.get("avg_jct")).hasSize(3);
    assertThat(drf.get("makespan")).hasSize(3);
    double mean = (drf.get("avg_jct").get(0).asDouble() + drf.get("avg_jct").get(1).asDouble() + drf.get("avg_jct").get(2).asDouble()) / 3;
    assertThat(drf.get("mean_avg_jct").asDouble()).isEqualTo(mean);
    assertThat(drf.has("mean_makespan")).isTrue();
  }

  @Test
  void compareMatchesSimulateForEachScheduler() throws IOException {
    CliRun.of("compare", "--workload", "paper-testbed", "--traces", "2", "--out", dir.toString(), "--seed", "5");
    JsonNode compared = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("schedulers");
    for (String scheduler : Schedulers.BASELINES) {
      JsonNode simulated = new ObjectMapper().readTree(CliRun.of("simulate", "--scheduler", scheduler, "--workload",
          "paper-testbed", "--traces", "2", "--seed", "5", "--json", "-").out());
      assertThat(compared.get(scheduler).get("mean_avg_jct")).isEqualTo(simulated.get("mean_avg_jct"));
    }
  }

  @Test
  void tableShowsRatiosToDrf() {
    CliRun run = CliRun.of("compare", "--workload", "paper-testbed", "--traces", "2");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("JCT / drf").containsPattern("drf\\s+\\S+\\s+\\S+\\s+1\\.000");
    assertThat(run.out().lines().filter(l -> l.matches("^(drf|fifo|srtf|tetris|optimus) .*"))).hasSize(5);
  }
}
