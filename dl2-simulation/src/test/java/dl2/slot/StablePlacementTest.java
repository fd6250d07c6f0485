package dl2.slot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The placement part {@code stable} and {@code stable-PLACEMENT}: what it says of new tasks, and
 * how it is written.
 */
class StablePlacementTest {
  @Test
  void stableAloneGivesNewTasksTheDefaultPlacement() {
    StablePlacement stable = StablePlacement.parse("stable").orElseThrow();
    assertThat(stable.newTasks()).isEqualTo(SchedulerName.DEFAULT_PLACEMENT);
    assertThat(stable.newTasksByDefault()).isTrue();
    assertThat(stable).hasToString("stable");
    assertThat(new StablePlacement("least-loaded"))
        .as("composed: the default is written as stable")
        .hasToString("stable");
  }

  @Test
  void stableDashPlacementGivesNewTasksThatPlacement() {
    StablePlacement stable = StablePlacement.parse("stable-fewest-nodes").orElseThrow();
    assertThat(stable.newTasks()).isEqualTo("fewest-nodes");
    assertThat(stable.newTasksByDefault()).isFalse();
    assertThat(stable).hasToString("stable-fewest-nodes");
    assertThat(StablePlacement.parse("stable-least-loaded").orElseThrow().newTasksByDefault())
        .isTrue();
  }

  @Test
  void otherPlacementsAreNotStable() {
    assertThat(StablePlacement.parse("fewest-nodes")).isEmpty();
    assertThat(StablePlacement.parse("stables")).isEmpty();
    assertThat(StablePlacement.parse("least-loaded")).isEmpty();
  }
}
