package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.placement.Placements;
import dl2.schedulers.registry.Schedulers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlacementOptionTest {
  private static PlacementOptions asking(String... placements) {
    PlacementOptions options = new PlacementOptions();
    options.placements = new ArrayList<>(List.of(placements));
    return options;
  }

  @Test
  void theDefaultPlacementAloneGivesCompareItsRowsAsTheyWere() {
    List<String> expected = new ArrayList<>(Schedulers.BASELINES);
    expected.addAll(List.of("mine", "dl2"));
    assertThat(
            asking("least-loaded")
                .comparedSchedulers(List.of("mine"), Optional.of("least-loaded"), false, true))
        .isEqualTo(expected);
  }

  @Test
  void
      byDefaultCompareRunsEveryBaselineUnderEveryPlacementAndInTheRealisticWorldThePlacementAwareGreedy() {
    List<String> rows =
        asking().comparedSchedulers(List.of(), Optional.of("least-loaded"), false, true);
    assertThat(rows)
        .startsWith(Schedulers.BASELINES.toArray(String[]::new))
        .contains(
            "optimus-fitted@fewest-nodes",
            "tiresias@interference-aware",
            "optimus-last-slot@fewest-nodes",
            "ia-greedy",
            "ia-greedy-oracle",
            "ia-greedy-multistep",
            "ia-greedy-multistep-oracle",
            "ia-greedy-multistep-history",
            "dl2",
            "dl2@fewest-nodes",
            "dl2@interference-aware")
        .doesNotContain("tetris@fewest-nodes", "ia-greedy@fewest-nodes")
        .doesNotHaveDuplicates();
    // 9 baselines alone, 8 (all but tetris) under each other placement, the greedy and its
    // multistep version twice each, the multistep greedy with a history, dl2 three times
    assertThat(rows).hasSize(9 + 8 * (Placements.NAMES.size() - 1) + 4 + 1 + 3);
  }

  @Test
  void oneOtherPlacementRunsTheBaselinesUnderItOnly() {
    assertThat(asking("fewest-nodes").comparedSchedulers(List.of(), Optional.empty(), false, true))
        .contains("drf@fewest-nodes", "ia-greedy")
        .doesNotContain("drf", "tetris");
  }

  @Test
  void inTheDefaultWorldThePlacementAwareGreedyRunsOnlyWhenAskedFor() {
    List<String> rows = asking().comparedSchedulers(List.of(), Optional.empty(), false, false);
    assertThat(rows)
        .contains("optimus-remaining@fewest-nodes")
        .doesNotContain(
            "ia-greedy",
            "ia-greedy-oracle",
            "optimus@interference-aware",
            "dl2@interference-aware");
    PlacementOptions asked = asking();
    asked.placementAware = true;
    assertThat(asked.comparedSchedulers(List.of(), Optional.empty(), false, false))
        .contains("ia-greedy", "ia-greedy-oracle");
  }

  @Test
  void aPolicyTrainedUnderAPlacementNotAskedForGetsItsOwnRowAsTrained() {
    assertThat(
            asking("least-loaded")
                .comparedSchedulers(List.of(), Optional.of("fewest-nodes"), false, false))
        .endsWith("dl2", "dl2@fewest-nodes");
    assertThat(asking().comparedSchedulers(List.of(), Optional.of("fewest-nodes"), false, false))
        .endsWith("dl2", "dl2@fewest-nodes")
        .doesNotHaveDuplicates();
  }

  /**
   * A policy that names every node itself (the placed encoding's) has one row: no placement decides
   * for it.
   */
  @Test
  void aSelfPlacingPolicyIsComparedOnceAlone() {
    List<String> rows =
        asking().comparedSchedulers(List.of(), Optional.of("least-loaded"), true, true);
    assertThat(rows)
        .contains("dl2", "optimus@fewest-nodes")
        .doesNotContain("dl2@fewest-nodes", "dl2@interference-aware");
    assertThat(rows.stream().filter(r -> r.startsWith("dl2"))).containsExactly("dl2");
  }

  @Test
  void theHelpNamesEveryBuiltInPlacement() {
    assertThat(PlacementOptions.HELP).contains(Placements.NAMES);
  }

  @Test
  void simulateUnderAPlacementIsTheNamedPlacedScheduler() {
    CliRun byOption =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus-fitted",
            "--placement",
            "fewest-nodes",
            "--workload",
            "paper-small-realistic",
            "--traces",
            "2",
            "--json",
            "-");
    CliRun byName =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus-fitted@fewest-nodes",
            "--workload",
            "paper-small-realistic",
            "--traces",
            "2",
            "--json",
            "-");
    CliRun alone =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus-fitted",
            "--placement",
            "least-loaded",
            "--workload",
            "paper-small-realistic",
            "--traces",
            "2",
            "--json",
            "-");
    CliRun plain =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus-fitted",
            "--workload",
            "paper-small-realistic",
            "--traces",
            "2",
            "--json",
            "-");
    assertThat(byOption.exitCode()).isZero();
    assertThat(byOption.out()).isEqualTo(byName.out()).contains("\"optimus-fitted@fewest-nodes\"");
    assertThat(alone.out()).isEqualTo(plain.out()).isNotEqualTo(byOption.out());
  }

  @Test
  void badPlacementsAreOneLineInputErrors() {
    assertOneLine(
        CliRun.of("simulate", "--scheduler", "drf", "--placement", "nearest", "--traces", "1"),
        "unknown placement 'nearest'");
    assertOneLine(
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--placement",
            "fewest-nodes,least-loaded",
            "--traces",
            "1"),
        "--placement takes one placement here");
    assertOneLine(
        CliRun.of("simulate", "--scheduler", "tetris@fewest-nodes", "--traces", "1"),
        "tetris places its own tasks");
    assertOneLine(
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf@fewest-nodes",
            "--placement",
            "interference-aware",
            "--traces",
            "1"),
        "give the placement once");
    assertOneLine(
        CliRun.of("compare", "--placement", "least-loaded,closest", "--traces", "1"),
        "unknown placement 'closest'");
  }

  @Test
  void theEmulatorRefusesThePlacementOracleBeforeItStarts() {
    assertOneLine(
        CliRun.of("cluster-emulator", "--scheduler", "ia-greedy-oracle", "--traces", "1"),
        "ia-greedy-oracle is an oracle");
  }

  private static void assertOneLine(CliRun run, String message) {
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(message).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(run.err().strip().lines()).hasSize(1);
  }
}
