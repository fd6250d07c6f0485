package dl2.schedulers.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.registry.Launch;
import dl2.registry.Trait;
import org.junit.jupiter.api.Test;

/**
 * The built-in registry: every scheduler under its own name, with the traits the commands ask
 * about.
 */
class SchedulersTest {
  @Test
  void everyBuiltInRunsUnderTheNameItIsRegisteredBy() {
    for (String name : Schedulers.NAMES) {
      assertThat(Schedulers.BUILT_IN.create(name, new Launch(8, 3, 5, 7)).name()).isEqualTo(name);
    }
  }

  @Test
  void theTraitsSortTheBuiltInsAsReportsAndCommandsNeedThem() {
    assertThat(Schedulers.NAMES)
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
            "ia-greedy",
            "ia-greedy-oracle",
            "ia-greedy-multistep",
            "ia-greedy-multistep-oracle",
            "rollout",
            "gavel-max-min",
            "gavel-min-jct",
            "gavel-max-min-oracle",
            "gavel-min-jct-oracle",
            "sia-oracle",
            "optimus-remaining-typed",
            "optimus-remaining-typed-oracle",
            "optimus-last-slot-typed",
            "optimus-last-slot-typed-oracle",
            "optimus-remaining-typed-per-cost",
            "optimus-remaining-typed-per-cost-oracle",
            "gittins",
            "equi",
            "hesrpt",
            "optimus-remaining-posterior",
            "optimus-last-slot-posterior",
            "optimus-fitted-posterior",
            "ia-greedy-posterior",
            "ia-greedy-multistep-posterior",
            "optimus-remaining-oracle",
            "ia-greedy-multistep-history");
    assertThat(Schedulers.BASELINES)
        .containsExactly(
            "drf",
            "fifo",
            "srtf",
            "tetris",
            "optimus",
            "optimus-fitted",
            "optimus-remaining",
            "optimus-last-slot",
            "tiresias");
    assertThat(Schedulers.BUILT_IN.names(Trait.PLACEMENT_AWARE))
        .containsExactly(
            "ia-greedy",
            "ia-greedy-oracle",
            "ia-greedy-multistep",
            "ia-greedy-multistep-oracle",
            "ia-greedy-multistep-history");
    assertThat(Schedulers.BUILT_IN.names(Trait.PLACES_ITS_OWN_TASKS))
        .containsExactly(
            "tetris",
            "ia-greedy",
            "ia-greedy-oracle",
            "ia-greedy-multistep",
            "ia-greedy-multistep-oracle",
            "gavel-max-min",
            "gavel-min-jct",
            "gavel-max-min-oracle",
            "gavel-min-jct-oracle",
            "sia-oracle",
            "optimus-remaining-typed",
            "optimus-remaining-typed-oracle",
            "optimus-last-slot-typed",
            "optimus-last-slot-typed-oracle",
            "optimus-remaining-typed-per-cost",
            "optimus-remaining-typed-per-cost-oracle",
            "ia-greedy-posterior",
            "ia-greedy-multistep-posterior",
            "ia-greedy-multistep-history");
    assertThat(Schedulers.BUILT_IN.names(Trait.NEEDS_SIMULATOR))
        .containsExactly("ia-greedy-oracle", "ia-greedy-multistep-oracle");
    assertThat(Schedulers.BUILT_IN.names(Trait.PLANNER)).containsExactly("rollout");
    assertThat(Schedulers.BUILT_IN.names(Trait.ORACLE))
        .containsExactly(
            "optimus",
            "ia-greedy-oracle",
            "ia-greedy-multistep-oracle",
            "gavel-max-min-oracle",
            "gavel-min-jct-oracle",
            "sia-oracle",
            "optimus-remaining-typed-oracle",
            "optimus-last-slot-typed-oracle",
            "optimus-remaining-typed-per-cost-oracle",
            "optimus-remaining-oracle");
    assertThat(Schedulers.BUILT_IN.names(Trait.GPU_TYPE_AWARE))
        .containsExactly(
            "gavel-max-min",
            "gavel-min-jct",
            "gavel-max-min-oracle",
            "gavel-min-jct-oracle",
            "sia-oracle",
            "optimus-remaining-typed",
            "optimus-remaining-typed-oracle",
            "optimus-last-slot-typed",
            "optimus-last-slot-typed-oracle");
  }

  @Test
  void anUnknownBaselineNamesTheBuiltIns() {
    assertThatThrownBy(() -> Schedulers.baseline("dl2"))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "unknown scheduler 'dl2'; valid schedulers: " + String.join(", ", Schedulers.NAMES));
  }
}
