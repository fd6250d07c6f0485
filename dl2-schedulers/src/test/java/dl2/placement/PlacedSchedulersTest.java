package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How a built-in is named under a placement: as compare names its rows, and a teacher under the
 * training placement.
 */
class PlacedSchedulersTest {
  @Test
  void aRowIsTheSchedulerAloneUnderTheDefaultOrWhenItPlacesItsOwnTasks() {
    assertThat(PlacedSchedulers.named("optimus", "fewest-nodes"))
        .hasToString("optimus@fewest-nodes");
    assertThat(PlacedSchedulers.named("optimus", "least-loaded")).hasToString("optimus");
    assertThat(PlacedSchedulers.named("tetris", "fewest-nodes")).hasToString("tetris");
    assertThat(PlacedSchedulers.named("ia-greedy", "interference-aware")).hasToString("ia-greedy");
  }

  @Test
  void aTeacherKeepsAPlacementItNamesElseTakesTheTrainingOne() {
    assertThat(PlacedSchedulers.namedUnlessPlaced("optimus@interference-aware", "fewest-nodes"))
        .hasToString("optimus@interference-aware");
    assertThat(PlacedSchedulers.namedUnlessPlaced("drf@least-loaded", "fewest-nodes"))
        .hasToString("drf@least-loaded");
    assertThat(PlacedSchedulers.namedUnlessPlaced("drf", "fewest-nodes"))
        .hasToString("drf@fewest-nodes");
    assertThat(PlacedSchedulers.namedUnlessPlaced("tetris", "fewest-nodes")).hasToString("tetris");
  }
}
