package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.schedulers.registry.Schedulers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dl2 experiment load-sweep --quick} on the testbed: both sweeps, every scheduler, tables,
 * plots and the index.
 */
class LoadSweepTest {
  @TempDir Path dir;

  private CliRun sweep(Path out) {
    return CliRun.of(
        "experiment",
        "load-sweep",
        "--quick",
        "--workload",
        "paper-testbed",
        "--validation-traces",
        "2",
        "--threads",
        "2",
        "--out",
        out.toString());
  }

  @Test
  void bothSweepsTabulateAndPlotEverySchedulerAtEveryPointTheSameForTheSameSeed() throws Exception {
    Path out = dir.resolve("sweep");
    CliRun run = sweep(out);
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> rate = Files.readAllLines(out.resolve("load-sweep-arrival-rate.csv"));
    assertThat(rate.get(0))
        .isEqualTo(
            "arrival_rate_factor,max_arrivals_per_slot,scheduler,mean_avg_jct,ci_low,ci_high,p95_jct,vs_drf");
    // paper-testbed has at most 5 arrivals per slot: ×0.5 rounds to 3 (0.6), then 5 (×1) and 10
    // (×2).
    assertThat(rate.subList(1, rate.size()))
        .hasSize(3 * Schedulers.BASELINES.size())
        .extracting(line -> line.substring(0, line.indexOf(',', line.indexOf(',') + 1)))
        .containsOnly("0.6000,3", "1.0000,5", "2.0000,10");
    assertThat(rate.get(1)).startsWith("0.6000,3,drf,").endsWith(",1.0000");
    List<String> size = Files.readAllLines(out.resolve("load-sweep-cluster-size.csv"));
    assertThat(size.get(0)).startsWith("nodes,node_factor,scheduler,");
    assertThat(size.subList(1, size.size()))
        .extracting(line -> line.substring(0, line.indexOf(',')))
        .containsOnly("3", "6", "12");
    for (String line : size.subList(1, size.size())) {
      String[] cells = line.split(",");
      assertThat(Double.parseDouble(cells[4]))
          .as(line)
          .isLessThanOrEqualTo(Double.parseDouble(cells[3]));
      assertThat(Double.parseDouble(cells[5]))
          .as(line)
          .isGreaterThanOrEqualTo(Double.parseDouble(cells[3]));
    }
    String index = Files.readString(out.resolve("index.html"));
    assertThat(index)
        .contains(
            "figures/load-sweep-arrival-rate.svg",
            "figures/load-sweep-cluster-size.svg",
            "test traces",
            "No policy is shipped for paper-testbed");
    Path again = dir.resolve("again");
    assertThat(sweep(again).exitCode()).isZero();
    for (String file :
        List.of(
            "load-sweep-arrival-rate.csv",
            "load-sweep-cluster-size.csv",
            "figures/load-sweep-cluster-size.svg")) {
      assertThat(Files.readAllBytes(again.resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(out.resolve(file)));
    }
  }

  @Test
  void dl2JoinsTheSweepWhenAPolicyIsShippedForThePreset() throws Exception {
    Path home = dir.resolve("home");
    Files.createDirectories(home.resolve("policies"));
    TestPolicies.untrained(home.resolve("policies").resolve("paper-testbed.policy"), 2);
    TestPolicies.withHome(
        home,
        () -> {
          Path out = dir.resolve("with-dl2");
          CliRun run =
              CliRun.of(
                  "experiment",
                  "load-sweep-cluster-size",
                  "--quick",
                  "--workload",
                  "paper-testbed",
                  "--validation-traces",
                  "2",
                  "--threads",
                  "2",
                  "--out",
                  out.toString());
          assertThat(run.exitCode()).as(run.err()).isZero();
          assertThat(Files.readAllLines(out.resolve("load-sweep-cluster-size.csv")))
              .filteredOn(l -> l.contains(",dl2,"))
              .hasSize(3);
          assertThat(Files.readString(out.resolve("index.html")))
              .contains("DL2 is the policy shipped for paper-testbed");
        });
  }
}
