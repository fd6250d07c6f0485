package dl2.slot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunBoundaryTest {
  @Test
  void aSlotThatDoesNotMoveForwardStartsANewRun() {
    RunBoundary runs = new RunBoundary();
    assertThat(runs.startsNewRun(0)).as("the first slot ever").isFalse();
    assertThat(runs.startsNewRun(1)).isFalse();
    assertThat(runs.startsNewRun(4)).as("skipped slots are the same run").isFalse();
    assertThat(runs.startsNewRun(4)).as("the same slot again").isTrue();
    assertThat(runs.startsNewRun(0)).as("the next trace").isTrue();
    assertThat(runs.startsNewRun(1)).isFalse();
  }
}
