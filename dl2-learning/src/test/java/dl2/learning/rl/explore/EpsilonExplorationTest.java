package dl2.learning.rl.explore;

import static dl2.learning.rl.explore.ExplorationFixtures.below;
import static dl2.learning.rl.explore.ExplorationFixtures.drawsUsed;
import static dl2.learning.rl.explore.ExplorationFixtures.job;
import static dl2.learning.rl.explore.ExplorationFixtures.notBelow;
import static dl2.learning.rl.explore.ExplorationFixtures.scenario;
import static dl2.learning.rl.explore.ExplorationFixtures.seedWhere;
import static dl2.learning.rl.explore.ExplorationFixtures.started;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.rl.explore.ExplorationFixtures.Scenario;
import dl2.model.Rng;
import org.junit.jupiter.api.Test;

/** The paper's ε = 0.4 rule for poor jobs (dl2-spec §7.10, Paper). */
class EpsilonExplorationTest {
  private static final long HEADS = seedWhere(r -> below(r, 0.4));
  private static final long TAILS = seedWhere(r -> notBelow(r, 0.4));

  private static int decide(Scenario s, long seed) {
    Exploration exploration = started(ExplorationMode.PAPER, new Rng(0));
    return exploration.override(s.observation(), s.q(), s.stop(), new Rng(seed));
  }

  @Test
  void workersWithoutPsGetAPsWithProbabilityEpsilon() {
    Scenario s = scenario(job(1, 3), job(2, 0));
    assertThat(decide(s, HEADS)).isEqualTo(4);
    assertThat(decide(s, TAILS)).isEqualTo(s.stop());
  }

  @Test
  void psWithoutWorkersGetAWorker() {
    assertThat(decide(scenario(job(0, 2)), HEADS)).isEqualTo(0);
  }

  @Test
  void aRatioAboveTenAddsTheScarcerTask() {
    assertThat(decide(scenario(job(11, 1)), HEADS)).isEqualTo(1);
    assertThat(decide(scenario(job(1, 11)), HEADS)).isEqualTo(0);
  }

  @Test
  void aRatioOfExactlyTenIsNotPoor() {
    Scenario s = scenario(job(10, 1), job(1, 10));
    assertThat(decide(s, HEADS)).isEqualTo(s.stop());
  }

  @Test
  void aJobWithNoTaskIsNotPoor() {
    Scenario s = scenario(job(0, 0));
    assertThat(decide(s, HEADS)).isEqualTo(s.stop());
  }

  @Test
  void theFirstQualifyingColumnWins() {
    assertThat(decide(scenario(job(1, 1), job(0, 3), job(4, 0)), HEADS)).isEqualTo(3);
  }

  @Test
  void aPoorJobWhoseFixIsMaskedLeavesItToTheNextPoorJob() {
    Scenario s = scenario(job(0, 3), job(4, 0)).masking(0);
    assertThat(decide(s, HEADS)).isEqualTo(4);
  }

  @Test
  void theMaskAloneDecidesWhetherTheFixIsAllowed() {
    Scenario s = scenario(job(2, 0)).withQ(1, 0);
    assertThat(decide(s, HEADS)).isEqualTo(1);
  }

  @Test
  void nothingIsDrawnWhenNoJobQualifies() {
    Exploration exploration = started(ExplorationMode.PAPER, new Rng(0));
    Scenario s = scenario(job(1, 1), job(0, 3)).masking(3);
    Rng rng = new Rng(5);
    assertThat(exploration.override(s.observation(), s.q(), s.stop(), rng)).isEqualTo(s.stop());
    assertThat(drawsUsed(5, rng)).isZero();
  }

  @Test
  void aboutFortyPercentOfDecisionsForAPoorJobAreOverridden() {
    Exploration exploration = started(ExplorationMode.PAPER, new Rng(0));
    Scenario s = scenario(job(3, 0));
    Rng rng = new Rng(11);
    int overridden = 0;
    for (int i = 0; i < 4000; i++) {
      overridden += exploration.override(s.observation(), s.q(), s.stop(), rng) == 1 ? 1 : 0;
    }
    assertThat(overridden / 4000.0).isBetween(0.37, 0.43);
  }
}
