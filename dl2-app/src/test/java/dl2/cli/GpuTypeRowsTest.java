package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Compare adds the optimisers that choose a GPU type (docs/heuristics/gavel-and-sia.md) after its
 * default rows on a cluster of several types, and only there: a single-type preset's rows stay what
 * they were.
 */
class GpuTypeRowsTest {
  private static final List<String> OPTIMISERS =
      List.of(
          "gavel-max-min",
          "gavel-min-jct",
          "gavel-max-min-oracle",
          "gavel-min-jct-oracle",
          "sia-oracle");

  @TempDir Path dir;

  @Test
  void aTypedClusterComparesTheOptimisersAfterTheDefaultRows() throws IOException {
    List<String> names = compared("a100t4-small", dir.resolve("typed"));
    List<String> defaults =
        new PlacementOptions().comparedSchedulers(List.of(), Optional.empty(), false, false);
    assertThat(names.subList(0, defaults.size())).isEqualTo(defaults);
    assertThat(names.subList(defaults.size(), names.size())).isEqualTo(OPTIMISERS);
  }

  @Test
  void aSingleTypeClusterKeepsItsRows() throws IOException {
    assertThat(compared("paper-testbed", dir.resolve("single")))
        .isEqualTo(
            new PlacementOptions().comparedSchedulers(List.of(), Optional.empty(), false, false))
        .doesNotContainAnyElementsOf(OPTIMISERS);
  }

  private static List<String> compared(String workload, Path out) throws IOException {
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            workload,
            "--traces",
            "1",
            "--no-policy",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).doesNotContain("ojAlgo");
    JsonNode root = Json.mapper().readTree(out.resolve("results.json").toFile());
    return root.get("schedulers").properties().stream().map(e -> e.getKey()).toList();
  }
}
