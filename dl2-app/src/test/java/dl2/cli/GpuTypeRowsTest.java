package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.Json;
import dl2.schedulers.typed.TypedSchedulers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * compare's rows on a cluster of several GPU types: the default rows, then every baseline under
 * fastest-type, the heterogeneity-aware rules and Gavel's and Sia's optimisers, the best heuristic
 * taken over all; on one type, the default rows alone.
 */
class GpuTypeRowsTest {
  @TempDir Path dir;

  @Test
  void aClusterOfSeveralGpuTypesAddsTheTypeAwareRowsAfterTheDefaultOnes() throws IOException {
    Path out = dir.resolve("out");
    CliRun run = compare("count,cores,gpus,gpu_type\n2,8,2,k80\n2,8,2,v100\n", out);
    List<String> names = names(out);
    List<String> defaults =
        new PlacementOptions().comparedSchedulers(List.of(), Optional.empty(), false, false);
    assertThat(names)
        .startsWith(defaults.toArray(String[]::new))
        .contains(
            "drf@fastest-type",
            "optimus-remaining@fastest-type",
            "tetris",
            TypedSchedulers.OPTIMUS_REMAINING_TYPED,
            TypedSchedulers.OPTIMUS_REMAINING_TYPED_ORACLE,
            TypedSchedulers.OPTIMUS_LAST_SLOT_TYPED,
            TypedSchedulers.OPTIMUS_LAST_SLOT_TYPED_ORACLE,
            "gavel-max-min",
            "gavel-min-jct",
            "gavel-max-min-oracle",
            "gavel-min-jct-oracle",
            "sia-oracle")
        .doesNotContain("tetris@fastest-type", TypedSchedulers.OPTIMUS_REMAINING_TYPED_PER_COST)
        .doesNotHaveDuplicates();
    assertThat(names.size() - defaults.size()).isEqualTo(8 + 4 + 5);
    assertThat(run.out()).contains("optimus-remaining-typed-oracle").doesNotContain("ojAlgo");
  }

  @Test
  void aClusterOfOneGpuTypeKeepsTheDefaultRows() throws IOException {
    Path out = dir.resolve("out");
    compare("count,cores,gpus,gpu_type\n4,8,2,k80\n", out);
    assertThat(names(out))
        .isEqualTo(
            new PlacementOptions().comparedSchedulers(List.of(), Optional.empty(), false, false));
  }

  /** compare on paper-testbed's load over the cluster file {@code clusterCsv}, into {@code out}. */
  private CliRun compare(String clusterCsv, Path out) throws IOException {
    Path cluster = dir.resolve("cluster.csv");
    Files.writeString(cluster, clusterCsv);
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--cluster",
            cluster.toString(),
            "--traces",
            "2",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  private static List<String> names(Path out) throws IOException {
    JsonNode root = Json.mapper().readTree(out.resolve("results.json").toFile());
    return root.get("schedulers").properties().stream().map(e -> e.getKey()).toList();
  }
}
