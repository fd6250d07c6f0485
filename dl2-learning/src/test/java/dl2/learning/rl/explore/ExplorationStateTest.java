package dl2.learning.rl.explore;

import static dl2.learning.rl.explore.ExplorationFixtures.execute;
import static dl2.learning.rl.explore.ExplorationFixtures.job;
import static dl2.learning.rl.explore.ExplorationFixtures.scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.policy.ActionChooser;
import dl2.learning.rl.explore.ExplorationFixtures.Scenario;
import dl2.model.Rng;
import dl2.slot.JobView;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Saving and restoring an exploration mid-episode and mid-slot. */
class ExplorationStateTest {

  /**
   * Random windows of three columns, some empty, with task counts that make every rule fire now and
   * then.
   */
  private static List<Scenario> scenarios(long seed, int count) {
    Rng rng = new Rng(seed);
    List<Scenario> scenarios = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      JobView[] columns = new JobView[3];
      for (int col = 0; col < columns.length; col++) {
        if (rng.nextDouble() < 0.8) {
          columns[col] = job(rng.nextInt(4), rng.nextInt(rng.nextDouble() < 0.3 ? 40 : 4));
        }
      }
      scenarios.add(scenario(columns));
    }
    return scenarios;
  }

  private static byte[] save(Exploration exploration) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    exploration.writeState(out);
    out.flush();
    return bytes.toByteArray();
  }

  private static Exploration restore(byte[] bytes, Exploration fresh) {
    fresh.readState(new StateReader(new ByteArrayInputStream(bytes), "resume.state"));
    return fresh;
  }

  /**
   * Decisions through the training chooser (a ~ q, then override), a new slot every {@code
   * slotLength}.
   */
  private static List<Integer> decide(
      Exploration exploration, List<Scenario> scenarios, Rng rng, int slotLength) {
    List<Integer> actions = new ArrayList<>();
    ActionChooser chooser = exploration.sampling(rng);
    for (int i = 0; i < scenarios.size(); i++) {
      if (i > 0 && i % slotLength == 0) {
        if (i % (4 * slotLength) == 0) {
          exploration.startEpisode();
        }
        exploration.startSlot(rng);
      }
      Scenario s = scenarios.get(i);
      actions.add(chooser.choose(s.observation(), s.q()));
      actions.add((int) exploration.counts().total());
    }
    return actions;
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void aRestoredExplorationMakesTheSameOverridesMidSlot(ExplorationMode mode) {
    Exploration original = mode.create();
    original.startEpisode();
    Rng before = new Rng(7);
    original.startSlot(before);
    decide(original, scenarios(1, 25), before, 10); // ends mid-slot, mid-episode
    byte[] bytes = save(original);
    Exploration restored = restore(bytes, mode.create());
    assertThat(restored.counts()).isEqualTo(original.counts());
    assertThat(original.counts().total()).isPositive();
    assertThat(save(restored)).isEqualTo(bytes);
    if (original instanceof OriginalExploration o) {
      assertThat(((OriginalExploration) restored).psPerWorkerLimit())
          .isEqualTo(o.psPerWorkerLimit())
          .isBetween(3, 7);
    }

    List<Scenario> after = scenarios(2, 200);
    List<Integer> expected = decide(original, after, new Rng(8), 10);
    assertThat(decide(restored, after, new Rng(8), 10)).isEqualTo(expected);
    assertThat(restored.counts()).isEqualTo(original.counts());
    assertThat(save(restored)).isEqualTo(save(original));
  }

  @Test
  void theContinuedRunIsNotTrivial() {
    // Guards the test above: with the original rules some sampled actions are replaced.
    Exploration original = ExplorationMode.ORIGINAL.create();
    original.startEpisode();
    Rng rng = new Rng(8);
    original.startSlot(rng);
    int replaced = 0;
    for (Scenario s : scenarios(2, 200)) {
      int sampled = dl2.learning.policy.Decoding.SAMPLED.choose(s.q(), rng);
      replaced += original.override(s.observation(), s.q(), sampled, rng) != sampled ? 1 : 0;
    }
    assertThat(replaced).isPositive();
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void theCallOrderStateIsRestored(ExplorationMode mode) {
    Scenario s = scenario(job(1, 3));
    Exploration notStarted = restore(save(mode.create()), mode.create());
    assertThatThrownBy(() -> notStarted.startSlot(new Rng(1)))
        .isInstanceOf(IllegalStateException.class);

    Exploration episodeOnly = mode.create();
    episodeOnly.startEpisode();
    Exploration restoredEpisode = restore(save(episodeOnly), mode.create());
    assertThatThrownBy(() -> restoredEpisode.override(s.observation(), s.q(), 0, new Rng(1)))
        .isInstanceOf(IllegalStateException.class);
    restoredEpisode.startSlot(new Rng(1));

    Exploration inSlot = mode.create();
    inSlot.startEpisode();
    inSlot.startSlot(new Rng(1));
    execute(inSlot, 2, 5);
    Exploration restoredSlot = restore(save(inSlot), mode.create());
    assertThat(restoredSlot.counts()).isEqualTo(new ExecutedCounts(0, 0, 5));
    assertThat(restoredSlot.override(s.observation(), s.q(), 0, new Rng(3)))
        .isEqualTo(inSlot.override(s.observation(), s.q(), 0, new Rng(3)));
  }

  @Test
  void aDifferentModeIsAnInputException() {
    byte[] bytes = save(ExplorationMode.ORIGINAL.create());
    assertThatThrownBy(() -> restore(bytes, ExplorationMode.PAPER.create()))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("mode 'original' does not match the configured 'paper'");
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void everyTruncationIsAnInputException(ExplorationMode mode) {
    Exploration exploration = mode.create();
    exploration.startEpisode();
    exploration.startSlot(new Rng(4));
    execute(exploration, 1, 3);
    byte[] bytes = save(exploration);
    for (int length = 0; length < bytes.length; length++) {
      byte[] cut = Arrays.copyOf(bytes, length);
      assertThatThrownBy(() -> restore(cut, mode.create()))
          .isInstanceOf(InputException.class)
          .hasMessageContaining("truncated");
    }
  }

  @Test
  void aRhoOutsideTheConfiguredRangeIsAnInputException() {
    OriginalExploration exploration = ExplorationFixtures.originalWithRho(7);
    byte[] bytes = save(exploration);
    ExplorationSettings narrow =
        new ExplorationSettings(0.4, 10, 3, 5, 3, 5, 1e-20, 0.001, 0.5, 0.5, 0.01, false);
    assertThatThrownBy(() -> restore(bytes, new OriginalExploration(narrow)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("ρ 7");
  }
}
