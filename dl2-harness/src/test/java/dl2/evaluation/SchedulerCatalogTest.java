package dl2.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.registry.Launch;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.PlacedScheduler;
import dl2.slot.SchedulerName;
import dl2.slot.StableScheduler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * One resolution of every scheduler name, with one check per purpose, each failing in the words the
 * commands print.
 */
class SchedulerCatalogTest {
  private static final String BUILT_INS = String.join(", ", Schedulers.NAMES);
  private static final String PLACEMENTS =
      "least-loaded, fewest-nodes, interference-aware, fastest-type, fastest-type-oracle";
  private static final SchedulerCatalog CATALOG = SchedulerCatalog.baselines(0);

  @Test
  void theBuiltInNamesAreTheBaselinesThenDl2() {
    assertThat(SchedulerCatalog.NAMES)
        .endsWith("optimus-remaining-oracle", "ia-greedy-multistep-history", "dl2")
        .hasSize(Schedulers.NAMES.size() + 1);
  }

  @Test
  void aCommandsSchedulerMustBeKnownPlaceableAndHaveItsPolicy() {
    assertFails(
        () -> CATALOG.check("rolout", "paper-dense"),
        "unknown scheduler 'rolout' (did you mean 'rollout'?); valid schedulers: "
            + BUILT_INS
            + ", dl2 (a trained policy); your own with --scheduler-jar JAR");
    assertFails(
        () -> CATALOG.check("drf@nowhere", "paper-dense"),
        "unknown placement 'nowhere' in 'drf@nowhere'; valid "
            + "placements: "
            + PLACEMENTS
            + "; your own with --placement-jar JAR");
    assertFails(
        () -> CATALOG.check("tetris@fewest-nodes", "paper-dense"),
        "scheduler tetris places its own tasks, so "
            + "'tetris@fewest-nodes' has no placement to apply; name it alone");
    assertFails(
        () -> CATALOG.check("tetris@least-loaded", "paper-dense"),
        "scheduler tetris places its own tasks, so "
            + "'tetris@least-loaded' has no placement to apply; name it alone");
    assertFails(
        () -> CATALOG.check("dl2@fewest-nodes", "paper-testbed"),
        "scheduler dl2 needs a trained policy: none is "
            + "shipped for paper-testbed; add --policy FILE");
    assertFails(
        () -> SchedulerCatalog.checkName("dl2", false),
        "scheduler dl2 needs a trained policy: add --policy FILE");
    SchedulerCatalog.checkName("dl2", true);
    CATALOG.check("optimus-remaining@interference-aware", "paper-dense");
  }

  @Test
  void aTeacherIsABaselineAloneOrUnderABuiltInPlacement() {
    assertFails(
        () -> SchedulerCatalog.checkTeacher("dl2"),
        "unknown scheduler 'dl2'; valid schedulers: " + BUILT_INS);
    assertFails(
        () -> SchedulerCatalog.checkTeacher("optimus@nowhere"),
        "unknown placement 'nowhere' in 'optimus@nowhere'; " + "valid placements: " + PLACEMENTS);
    assertFails(
        () -> SchedulerCatalog.checkTeacher("ia-greedy@fewest-nodes"),
        "scheduler ia-greedy places its own tasks, so "
            + "'ia-greedy@fewest-nodes' has no placement to apply; name it alone");
    SchedulerCatalog.checkTeacher("optimus@fewest-nodes");
  }

  @Test
  void dl2TrainsUnderABuiltInPlacement() {
    assertFails(
        () -> SchedulerCatalog.checkPolicyPlacement("nowhere"),
        "unknown placement 'nowhere' in 'dl2@nowhere'; valid " + "placements: " + PLACEMENTS);
    SchedulerCatalog.checkPolicyPlacement("least-loaded");
    SchedulerCatalog.checkPolicyPlacement("interference-aware");
  }

  @Test
  void onlyThePlacementOracleNeedsTheSimulator() {
    assertThat(SchedulerCatalog.needsSimulator(SchedulerName.parse("ia-greedy-oracle"))).isTrue();
    assertThat(SchedulerCatalog.needsSimulator(SchedulerName.parse("ia-greedy"))).isFalse();
    assertThat(SchedulerCatalog.needsSimulator(SchedulerName.parse("optimus@fewest-nodes")))
        .isFalse();
  }

  @Test
  void aPlacedNameRunsTheSchedulerOnItsPlacement() {
    assertThat(CATALOG.create("optimus-fitted@fewest-nodes", Launch.live(8)))
        .isInstanceOf(PlacedScheduler.class)
        .extracting(s -> s.name())
        .isEqualTo("optimus-fitted@fewest-nodes");
    assertThat(CATALOG.create("drf", Launch.live(8)).name()).isEqualTo("drf");
  }

  /**
   * SCHEDULER@stable(-PLACEMENT) runs as any placed name does (the controller's rule); the commands
   * that train refuse it.
   */
  @Test
  void aStableNameRunsButNeitherTrainsNorTeaches() {
    CATALOG.check("drf@stable", "paper-dense");
    assertThat(CATALOG.create("optimus-fitted@stable-fewest-nodes", Launch.live(8)))
        .isInstanceOf(StableScheduler.class)
        .extracting(s -> s.name())
        .isEqualTo("optimus-fitted@stable-fewest-nodes");
    assertThat(CATALOG.create("drf@stable", Launch.live(8)).name()).isEqualTo("drf@stable");
    assertFails(
        () -> CATALOG.check("drf@stable-least-loaded", "paper-dense"),
        "'drf@stable-least-loaded': stable places new tasks least-loaded already; say drf@stable");
    assertFails(
        () -> CATALOG.check("drf@stable-nowhere", "paper-dense"),
        "unknown placement 'nowhere' in 'drf@stable-nowhere'; valid "
            + "placements: "
            + PLACEMENTS
            + "; your own with --placement-jar JAR");
    assertFails(
        () -> SchedulerCatalog.checkTeacher("optimus@stable"),
        "unknown placement 'stable' in 'optimus@stable'; valid placements: " + PLACEMENTS);
    assertFails(
        () -> SchedulerCatalog.checkPolicyPlacement("stable-fewest-nodes"),
        "unknown placement 'stable-fewest-nodes' in 'dl2@stable-fewest-nodes'; valid placements: "
            + PLACEMENTS);
  }

  private static void assertFails(Executable check, String message) {
    assertThatThrownBy(check::execute).isInstanceOf(InputException.class).hasMessage(message);
  }
}
