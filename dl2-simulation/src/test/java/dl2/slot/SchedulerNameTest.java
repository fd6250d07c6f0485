package dl2.slot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The one reader and writer of {@code SCHEDULER@PLACEMENT}: parts, spelling, the default placement,
 * bad names.
 */
class SchedulerNameTest {
  @Test
  void aNameSplitsAtItsAtAndPrintsAsItWasWritten() {
    SchedulerName placed = SchedulerName.parse("optimus-fitted@fewest-nodes");
    assertThat(placed.scheduler()).isEqualTo("optimus-fitted");
    assertThat(placed.placement()).contains("fewest-nodes");
    assertThat(placed.isDefaultPlacement()).isFalse();
    assertThat(placed).hasToString("optimus-fitted@fewest-nodes");
    SchedulerName alone = SchedulerName.parse("drf");
    assertThat(alone).isEqualTo(SchedulerName.of("drf")).hasToString("drf");
    assertThat(alone.placement()).isEmpty();
  }

  @Test
  void theDefaultPlacementIsOneThingWhetherWrittenOrNot() {
    SchedulerName written = SchedulerName.parse("drf@least-loaded");
    assertThat(written).hasToString("drf@least-loaded"); // the row keeps the name it was given
    assertThat(written.isDefaultPlacement()).isTrue();
    assertThat(SchedulerName.of("drf").isDefaultPlacement()).isTrue();
    assertThat(written.placementOrDefault())
        .isEqualTo(SchedulerName.of("drf").placementOrDefault())
        .isEqualTo("least-loaded");
    assertThat(SchedulerName.of("drf").withPlacement("least-loaded"))
        .as("composed: the default is written as none")
        .isEqualTo(SchedulerName.of("drf"));
    assertThat(SchedulerName.of("drf").withPlacement("fewest-nodes"))
        .hasToString("drf@fewest-nodes");
    assertThat(SchedulerName.parse("drf@fewest-nodes").withPlacement("least-loaded"))
        .hasToString("drf");
    assertThat(SchedulerName.isDefault("least-loaded")).isTrue();
    assertThat(SchedulerName.isDefault("fewest-nodes")).isFalse();
  }

  @Test
  void malformedNamesAreOneLineInputErrors() {
    assertMalformed(
        "drf@fewest-nodes@x",
        "scheduler name 'drf@fewest-nodes@x' has a second '@'; write SCHEDULER or "
            + "SCHEDULER@PLACEMENT");
    assertMalformed(
        "@fewest-nodes",
        "scheduler name '@fewest-nodes' has nothing before the '@'; write SCHEDULER or "
            + "SCHEDULER@PLACEMENT");
    assertMalformed(
        "drf@",
        "scheduler name 'drf@' has nothing after the '@'; write SCHEDULER or SCHEDULER@PLACEMENT");
    assertMalformed(
        "@",
        "scheduler name '@' has nothing before the '@'; write SCHEDULER or SCHEDULER@PLACEMENT");
    assertMalformed("", "empty scheduler name: name one, e.g. drf or drf@fewest-nodes");
    assertThatThrownBy(() -> SchedulerName.of("drf").withPlacement("a@b"))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "scheduler name 'drf@a@b' has a second '@'; write SCHEDULER or SCHEDULER@PLACEMENT");
  }

  @Test
  void aPlacedNameIsNotAScheduler() {
    assertThatThrownBy(() -> SchedulerName.of("drf@fewest-nodes"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void everyWellFormedNameRoundTrips() {
    for (String name :
        List.of("drf", "dl2@interference-aware", "my-own@least-loaded", "rollout (shipped)")) {
      assertThat(SchedulerName.parse(name).toString()).isEqualTo(name);
      assertThat(SchedulerName.parse(SchedulerName.parse(name).toString()))
          .isEqualTo(SchedulerName.parse(name));
    }
  }

  @Test
  void aChartLabelStartsWithAPlacedSchedulerOrWithNone() {
    assertThat(SchedulerName.ofLabel("dl2@fewest-nodes (greedy)"))
        .contains(SchedulerName.parse("dl2@fewest-nodes"));
    assertThat(SchedulerName.ofLabel("dl2@fewest-nodes / drf@fewest-nodes"))
        .contains(SchedulerName.parse("dl2@fewest-nodes"));
    assertThat(SchedulerName.ofLabel("best heuristic (optimus@fewest-nodes)"))
        .contains(new SchedulerName("best heuristic (optimus", Optional.of("fewest-nodes)")));
    assertThat(SchedulerName.ofLabel("a@b@c"))
        .as("not a placement's name")
        .contains(SchedulerName.of("a"));
    assertThat(SchedulerName.ofLabel("dl2 (greedy)")).isEmpty();
    assertThat(SchedulerName.ofLabel("@drf")).isEmpty();
  }

  private static void assertMalformed(String name, String message) {
    assertThatThrownBy(() -> SchedulerName.parse(name))
        .isInstanceOf(InputException.class)
        .hasMessage(message);
  }
}
