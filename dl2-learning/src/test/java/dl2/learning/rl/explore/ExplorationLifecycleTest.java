package dl2.learning.rl.explore;

import static dl2.learning.rl.explore.ExplorationFixtures.drawsUsed;
import static dl2.learning.rl.explore.ExplorationFixtures.job;
import static dl2.learning.rl.explore.ExplorationFixtures.scenario;
import static dl2.learning.rl.explore.ExplorationFixtures.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.learning.policy.ActionChooser;
import dl2.learning.policy.Decoding;
import dl2.learning.rl.explore.ExplorationFixtures.Scenario;
import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Call order, counts c, per-slot draws, determinism and the mode factory (dl2-spec §7.10). */
class ExplorationLifecycleTest {
  private static final Scenario NO_WORKER = scenario(job(0, 2));

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void overrideBeforeTheFirstSlotIsRefused(ExplorationMode mode) {
    Exploration exploration = mode.create();
    exploration.startEpisode();
    assertThatThrownBy(
            () -> exploration.override(NO_WORKER.observation(), NO_WORKER.q(), 0, new Rng(1)))
        .isInstanceOf(IllegalStateException.class);
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void aSlotBeforeTheFirstEpisodeIsRefused(ExplorationMode mode) {
    assertThatThrownBy(() -> mode.create().startSlot(new Rng(1)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aNewEpisodeNeedsANewSlotBeforeItsFirstDecision() {
    Exploration exploration = started(ExplorationMode.ORIGINAL, new Rng(1));
    exploration.startEpisode();
    assertThatThrownBy(
            () -> exploration.override(NO_WORKER.observation(), NO_WORKER.q(), 0, new Rng(1)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void qMustMatchTheActionSpace() {
    Exploration exploration = started(ExplorationMode.NONE, new Rng(1));
    assertThatThrownBy(
            () -> exploration.override(NO_WORKER.observation(), new double[3], 0, new Rng(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theExecutedActionIsCountedNotTheSampledOne() {
    Exploration exploration = started(ExplorationMode.ORIGINAL, new Rng(1));
    int action =
        exploration.override(NO_WORKER.observation(), NO_WORKER.q(), NO_WORKER.stop(), new Rng(2));
    assertThat(action).isZero();
    assertThat(exploration.counts()).isEqualTo(new ExecutedCounts(1, 0, 0));
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void stopsAreNotCounted(ExplorationMode mode) {
    Exploration exploration = started(mode, new Rng(1));
    Scenario neutral = scenario(job(1, 3));
    exploration.override(neutral.observation(), neutral.q(), neutral.stop(), new Rng(2));
    assertThat(exploration.counts()).isEqualTo(ExecutedCounts.ZERO);
  }

  @Test
  void nothingToSampleIsPassedOnWithoutDrawsOrCounts() {
    Exploration exploration = started(ExplorationMode.ORIGINAL, new Rng(1));
    Rng rng = new Rng(3);
    assertThat(exploration.override(NO_WORKER.observation(), NO_WORKER.q(), -1, rng)).isEqualTo(-1);
    assertThat(drawsUsed(3, rng)).isZero();
    assertThat(exploration.counts()).isEqualTo(ExecutedCounts.ZERO);
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void countsAreKeptAcrossSlotsAndResetPerEpisode(ExplorationMode mode) {
    Exploration exploration = started(mode, new Rng(1));
    Scenario neutral = scenario(job(1, 3));
    Rng rng = new Rng(2);
    exploration.override(neutral.observation(), neutral.q(), 0, rng);
    exploration.startSlot(rng);
    exploration.override(neutral.observation(), neutral.q(), 1, rng);
    exploration.override(neutral.observation(), neutral.q(), 2, rng);
    assertThat(exploration.counts()).isEqualTo(new ExecutedCounts(1, 1, 1));
    exploration.startEpisode();
    assertThat(exploration.counts()).isEqualTo(ExecutedCounts.ZERO);
  }

  @Test
  void originalDrawsRhoFromThreeToSevenOncePerSlot() {
    OriginalExploration exploration = new OriginalExploration(ExplorationSettings.DEFAULT);
    exploration.startEpisode();
    Set<Integer> seen = new TreeSet<>();
    for (int slot = 0; slot < 200; slot++) {
      Rng rng = new Rng(slot);
      exploration.startSlot(rng);
      assertThat(drawsUsed(slot, rng)).isEqualTo(1);
      seen.add(exploration.psPerWorkerLimit());
    }
    assertThat(seen).containsExactly(3, 4, 5, 6, 7);
  }

  @ParameterizedTest
  @EnumSource(
      value = ExplorationMode.class,
      names = {"PAPER", "NONE"})
  void otherModesDrawNothingPerSlot(ExplorationMode mode) {
    Exploration exploration = mode.create();
    exploration.startEpisode();
    Rng rng = new Rng(4);
    exploration.startSlot(rng);
    assertThat(drawsUsed(4, rng)).isZero();
  }

  @Test
  void noExplorationKeepsEverySampledAction() {
    Exploration exploration = started(ExplorationMode.NONE, new Rng(1));
    for (int sampled = 0; sampled <= NO_WORKER.stop(); sampled++) {
      assertThat(exploration.override(NO_WORKER.observation(), NO_WORKER.q(), sampled, new Rng(2)))
          .isEqualTo(sampled);
    }
  }

  @Test
  void theSamplingChooserSamplesFromQThenOverrides() {
    Exploration exploration = started(ExplorationMode.NONE, new Rng(1));
    Scenario s = scenario(job(1, 1), job(2, 2));
    ActionChooser chooser = exploration.sampling(new Rng(6));
    Rng reference = new Rng(6);
    for (int i = 0; i < 50; i++) {
      assertThat(chooser.choose(s.observation(), s.q()))
          .isEqualTo(Decoding.SAMPLED.choose(s.q(), reference));
    }
  }

  @ParameterizedTest
  @EnumSource(ExplorationMode.class)
  void aFixedSeedGivesTheSameDecisions(ExplorationMode mode) {
    assertThat(run(mode, 42)).isEqualTo(run(mode, 42));
  }

  @Test
  void differentSeedsGiveDifferentDecisions() {
    assertThat(run(ExplorationMode.ORIGINAL, 42)).isNotEqualTo(run(ExplorationMode.ORIGINAL, 43));
  }

  /** Three episodes of ten slots of twenty decisions over random scenarios. */
  private static List<Integer> run(ExplorationMode mode, long seed) {
    Exploration exploration = mode.create();
    Rng world = new Rng(seed);
    Rng rng = new Rng(seed + 1);
    ActionChooser chooser = exploration.sampling(rng);
    List<Integer> actions = new ArrayList<>();
    for (int episode = 0; episode < 3; episode++) {
      exploration.startEpisode();
      for (int slot = 0; slot < 10; slot++) {
        exploration.startSlot(rng);
        for (int d = 0; d < 20; d++) {
          Scenario s = OriginalExplorationTest.randomScenario(world);
          actions.add(chooser.choose(s.observation(), s.q()));
        }
      }
    }
    return actions;
  }

  @Test
  void theFactoryBuildsEachModeAndParsesItsName() {
    assertThat(ExplorationMode.ORIGINAL.create()).isInstanceOf(OriginalExploration.class);
    assertThat(ExplorationMode.PAPER.create()).isInstanceOf(EpsilonExploration.class);
    assertThat(ExplorationMode.NONE.create()).isInstanceOf(NoExploration.class);
    assertThat(ExplorationMode.fromName("Paper")).isEqualTo(ExplorationMode.PAPER);
    assertThat(ExplorationMode.defaultMode()).isEqualTo(ExplorationMode.ORIGINAL);
    assertThatThrownBy(() -> ExplorationMode.fromName("greedy"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
