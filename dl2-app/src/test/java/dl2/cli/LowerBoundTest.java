package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class LowerBoundTest {
  @TempDir Path dir;

  @Test
  void compareReportsANoContentionBoundBelowEveryScheduler() throws Exception {
    CliRun run = CliRun.of("compare", "--workload", "paper-small", "--traces", "3", "--out", dir.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("no-contention lower bound");
    JsonNode root = Json.mapper().readTree(dir.resolve("results.json").toFile());
    JsonNode bound = root.get("lower_bound").get("avg_jct");
    assertThat(bound).hasSize(3);
    root.get("schedulers").properties().forEach(entry -> {
      for (int i = 0; i < 3; i++) {
        assertThat(bound.get(i).asDouble()).as(entry.getKey()).isLessThanOrEqualTo(entry.getValue().get("avg_jct").get(i).asDouble());
      }
    });
  }
}
