package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dl2 experiment} end to end on the testbed preset with a few RL steps. */
class ExperimentCommandTest {
  @TempDir Path dir;

  private static CliRun tiny(String study, Path out) {
    return CliRun.of(
        "experiment",
        study,
        "--quick",
        "--workload",
        "paper-testbed",
        "--steps",
        "4",
        "--validate-every",
        "2",
        "--validation-traces",
        "2",
        "--threads",
        "2",
        "--out",
        out.toString());
  }

  @Test
  void aStudyWritesItsTablePlotsAndAnIndexReferencingThemTheSameForTheSameSeed() throws Exception {
    Path out = dir.resolve("replay");
    CliRun run = tiny("ablation-replay", out);
    assertThat(run.exitCode()).as(run.err()).isZero();
    CliRun again = tiny("ablation-replay", dir.resolve("again"));
    assertThat(again.exitCode()).as(again.err()).isZero();
    for (String file :
        List.of(
            "ablation-replay.csv",
            "ablation-replay.md",
            "index.html",
            "figures/ablation-replay-curves.svg")) {
      assertThat(Files.readAllBytes(dir.resolve("again").resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(out.resolve(file)));
    }
    List<String> csv = Files.readAllLines(out.resolve("ablation-replay.csv"));
    assertThat(csv).hasSize(3);
    assertThat(csv.get(0))
        .isEqualTo("variant,best_jct,best_step,final_jct,change_vs_recipe_percent,paper_change");
    assertThat(csv.get(1)).startsWith("replay 8192 (recipe),");
    assertThat(csv.get(2)).startsWith("replay 256,");
    assertThat(run.out()).contains("> Quick mode, a smoke test rather than a measurement");
    assertThat(Files.readString(out.resolve("index.html")))
        .contains("Quick mode, a smoke test")
        .contains("test traces, which neither trained nor selected a checkpoint")
        .doesNotContain("Best validation JCT");
    String index = Files.readString(out.resolve("index.html"));
    for (String file :
        List.of(
            "ablation-replay.csv",
            "ablation-replay.md",
            "figures/ablation-replay-best.svg",
            "figures/ablation-replay-curves.svg")) {
      assertThat(out.resolve(file)).isNotEmptyFile();
      assertThat(index).contains("\"" + file + "\"");
    }
    // The SVG figures are inlined into index.html and linked from the Markdown table.
    assertThat(Files.readString(out.resolve("figures/ablation-replay-best.svg")))
        .startsWith("<svg");
    assertThat(Files.readString(out.resolve("ablation-replay.md")))
        .contains("](figures/ablation-replay-curves.svg)");
    assertThat(out.resolve("runs").resolve("replay-256-paper-testbed").resolve("best.policy"))
        .exists();
    assertThat(run.out()).contains("| replay 256 |").contains("wrote " + out.resolve("index.html"));
  }

  @Test
  void realTracesRunsEveryBaselineAndDl2OnTheConvertedPolluxWorkloads() throws Exception {
    Path workloads = dir.resolve("traces").resolve("adaptdl/simulator/workloads");
    Files.createDirectories(workloads);
    for (int i = 1; i <= 4; i++) {
      Files.writeString(
          workloads.resolve("workload-" + i + ".csv"),
          "name,time,application,num_replicas,batch_size\n"
              + "ncf-0,100,ncf,1,32768\ncifar10-1,"
              + (40 * i)
              + ",cifar10,2,2048\n");
    }
    Path out = dir.resolve("real");
    CliRun run =
        CliRun.of(
            "experiment",
            "real-traces",
            "--quick",
            "--workload",
            "paper-testbed",
            "--steps",
            "2",
            "--validate-every",
            "2",
            "--validation-traces",
            "1",
            "--threads",
            "2",
            "--traces",
            dir.resolve("traces").toString(),
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> csv = Files.readAllLines(out.resolve("real-traces.csv"));
    assertThat(csv.get(0)).isEqualTo("scheduler,mean_avg_jct,vs_drf,vs_optimus");
    assertThat(csv.subList(1, csv.size()))
        .extracting(line -> line.substring(0, line.indexOf(',')))
        .containsExactly(
            "drf",
            "fifo",
            "srtf",
            "tetris",
            "optimus",
            "optimus-fitted",
            "optimus-remaining",
            "optimus-last-slot",
            "tiresias",
            "dl2",
            "no-contention lower bound");
    assertThat(csv.get(1)).startsWith("drf,").contains(",1.0000,");
    assertThat(Files.readString(out.resolve("index.html")))
        .contains("figures/real-traces-jct.svg")
        .contains("Jeon et al.");
  }

  @Test
  void realTracesWithoutTheTracesFolderIsAOneLineError() {
    CliRun run =
        CliRun.of(
            "experiment",
            "real-traces",
            "--quick",
            "--workload",
            "paper-testbed",
            "--traces",
            dir.resolve("missing").toString(),
            "--out",
            dir.resolve("x").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("workload-1.csv")
        .contains("--traces")
        .doesNotContain("Exception");
    assertThat(dir.resolve("x").resolve("index.html")).doesNotExist();
  }

  @Test
  void anUnknownStudyExitsWithCodeTwoAndOneLine() {
    CliRun run = CliRun.of("experiment", "bogus", "--out", dir.resolve("x").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith("dl2: unknown experiment 'bogus'; valid experiments: speed-variation,")
        .endsWith(", all")
        .doesNotContain("\n");
    assertThat(dir.resolve("x")).doesNotExist();
  }

  @Test
  void badBudgetsExitWithCodeTwo() {
    for (List<String> bad :
        List.of(
            List.of("--steps", "0"),
            List.of("--validation-traces", "0"),
            List.of("--workload", "huge"))) {
      List<String> args =
          new java.util.ArrayList<>(
              List.of("experiment", "agents", "--out", dir.resolve("x").toString()));
      args.addAll(bad);
      CliRun run = CliRun.of(args.toArray(String[]::new));
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.err().strip()).startsWith("dl2: ").doesNotContain("\n");
    }
    assertThat(dir.resolve("x")).doesNotExist();
  }
}
