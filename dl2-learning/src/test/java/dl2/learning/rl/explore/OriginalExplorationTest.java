package dl2.learning.rl.explore;

import static dl2.learning.rl.explore.ExplorationFixtures.below;
import static dl2.learning.rl.explore.ExplorationFixtures.drawsUsed;
import static dl2.learning.rl.explore.ExplorationFixtures.execute;
import static dl2.learning.rl.explore.ExplorationFixtures.job;
import static dl2.learning.rl.explore.ExplorationFixtures.notBelow;
import static dl2.learning.rl.explore.ExplorationFixtures.originalWithRho;
import static dl2.learning.rl.explore.ExplorationFixtures.ratioIs;
import static dl2.learning.rl.explore.ExplorationFixtures.scenario;
import static dl2.learning.rl.explore.ExplorationFixtures.seedWhere;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.policy.Decoding;
import dl2.learning.rl.explore.ExplorationFixtures.Scenario;
import dl2.model.Rng;
import dl2.slot.JobView;
import java.util.Arrays;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Rules (A) and (B) of dl2-spec §7.10, one sub-rule at a time, with scripted draws. */
public class OriginalExplorationTest {
  private static final int WORKER_0 = 0;
  private static final int PS_0 = 1;
  private static final int BUNDLE_0 = 2;
  private static final int WORKER_1 = 3;
  private static final int PS_1 = 4;
  private static final int BUNDLE_1 = 5;

  /** Runs one decision with sampled action = stop and a stream scripted by {@code script}. */
  private static Outcome decide(
      OriginalExploration exploration, Scenario scenario, Predicate<Rng> script) {
    long seed = seedWhere(script);
    Rng rng = new Rng(seed);
    int action = exploration.override(scenario.observation(), scenario.q(), scenario.stop(), rng);
    return new Outcome(action, drawsUsed(seed, rng));
  }

  private static Outcome decide(Scenario scenario, Predicate<Rng> script) {
    return decide(originalWithRho(3), scenario, script);
  }

  private record Outcome(int action, int draws) {}

  private static Predicate<Rng> anyRatio(Predicate<Rng> rest) {
    return r -> {
      r.nextIntInclusive(3, 5);
      return rest.test(r);
    };
  }

  // (A) Balance. Jobs with u = 3w take part in (A) but no rule of (B) fires for them.

  @Test
  void balanceGivesTheFirstSmallestJobABundleOnHeads() {
    Scenario s = scenario(job(6, 18), job(1, 3), job(1, 3));
    assertThat(decide(s, anyRatio(r -> below(r, 0.5)))).isEqualTo(new Outcome(BUNDLE_1, 2));
  }

  @Test
  void balanceGivesTheFirstSmallestJobAWorkerOnTails() {
    Scenario s = scenario(job(6, 18), job(1, 3), job(1, 3));
    assertThat(decide(s, anyRatio(r -> notBelow(r, 0.5)))).isEqualTo(new Outcome(WORKER_1, 2));
  }

  @Test
  void balanceComparesTheFloorOfMaxOverMinWithR() {
    Scenario s = scenario(job(5, 14), job(1, 3)); // 19 / 4 = 4.75, floor 4
    assertThat(decide(s, r -> ratioIs(r, 4))).isEqualTo(new Outcome(s.stop(), 1));
    assertThat(decide(s, r -> ratioIs(r, 3) && below(r, 0.5))).isEqualTo(new Outcome(BUNDLE_1, 2));
  }

  @Test
  void balanceDrawsNothingWhenSomeWindowJobHasNoTask() {
    // Column 1 has no task; B2 fires for it but changes nothing, as its worker has q = 0.
    Scenario s = scenario(job(6, 18), job(0, 0)).withQ(WORKER_1, 0).withQ(BUNDLE_1, 0);
    assertThat(decide(s, r -> true)).isEqualTo(new Outcome(s.stop(), 0));
  }

  @Test
  void balanceNeedsBothActionsAboveTheValidityThreshold() {
    Scenario s = scenario(job(6, 18), job(1, 3)).withQ(WORKER_1, 1e-21);
    assertThat(decide(s, r -> true)).isEqualTo(new Outcome(s.stop(), 1));
    s.withQ(WORKER_1, 2e-20);
    assertThat(decide(s, anyRatio(r -> notBelow(r, 0.5))).action()).isEqualTo(WORKER_1);
  }

  @Test
  void theScanOverridesWhatBalanceChose() {
    Scenario s = scenario(job(6, 18), job(1, 3), job(1, 1)); // (A) picks column 2, B4 fires there
    Predicate<Rng> balanceThenAddPs =
        anyRatio(r -> below(r, 0.5) && below(r, 0.5) && notBelow(r, 0.01));
    assertThat(decide(s, balanceThenAddPs)).isEqualTo(new Outcome(7, 4));
    Predicate<Rng> balanceOnly = anyRatio(r -> below(r, 0.5) && notBelow(r, 0.5));
    assertThat(decide(s, balanceOnly)).isEqualTo(new Outcome(8, 3));
  }

  // (B1) Rare type.

  /**
   * An exploration whose counts are (workers, PSs, bundles). The largest counts are fed first so
   * that no type becomes rare, and B1 redirects the feed, before the last one is in.
   */
  private static OriginalExploration withCounts(int workers, int ps, int bundles) {
    OriginalExploration exploration = originalWithRho(3);
    int[] counts = {workers, ps, bundles};
    Integer[] order = {0, 1, 2};
    Arrays.sort(order, (x, y) -> Integer.compare(counts[y], counts[x]));
    for (int type : order) {
      execute(exploration, type, counts[type]);
    }
    assertThat(exploration.counts()).isEqualTo(new ExecutedCounts(workers, ps, bundles));
    return exploration;
  }

  @Test
  void aRareTypeIsForcedOnTheFirstColumnWhereItIsValid() {
    OriginalExploration exploration = withCounts(1, 2000, 2000);
    Scenario s = scenario(job(1, 3), job(1, 3));
    assertThat(decide(exploration, s, r -> true).action()).isEqualTo(WORKER_0);
    s.withQ(WORKER_0, 0);
    assertThat(decide(exploration, s, r -> true).action()).isEqualTo(WORKER_1);
  }

  @Test
  void rareTypeTiesGoToWorkerThenPs() {
    Scenario s = scenario(job(1, 3));
    assertThat(decide(withCounts(1, 1, 2000), s, r -> true).action()).isEqualTo(WORKER_0);
    assertThat(decide(withCounts(2000, 1, 1), s, r -> true).action()).isEqualTo(PS_0);
  }

  @Test
  void aTypeIsRareOnlyBelowOneThousandthOfTheCount() {
    Scenario s = scenario(job(1, 3));
    assertThat(decide(withCounts(2, 1000, 999), s, r -> true).action()).isEqualTo(WORKER_0);
    assertThat(decide(withCounts(2, 1000, 998), s, r -> true).action()).isEqualTo(s.stop());
  }

  @Test
  void noTypeIsRareWhileSomeTypeWasNeverExecuted() {
    Scenario s = scenario(job(1, 3));
    assertThat(decide(withCounts(0, 2000, 2000), s, r -> true).action()).isEqualTo(s.stop());
  }

  @Test
  void anInvalidRareTypeFallsThroughToMissingTaskForTheSameJob() {
    OriginalExploration exploration = withCounts(2000, 2000, 1); // bundle is rare
    Scenario s = scenario(job(0, 1), job(1, 3)).withQ(BUNDLE_0, 0);
    assertThat(decide(exploration, s, r -> true).action()).isEqualTo(WORKER_0); // not BUNDLE_1
  }

  // (B2) Missing task.

  @Test
  void aJobWithNoTaskEndsWithAPsBecauseEachLaterStepOverrides() {
    Scenario s = scenario(job(0, 0), job(1, 1));
    assertThat(decide(s, r -> below(r, 0.5))).isEqualTo(new Outcome(PS_0, 1));
    assertThat(decide(s, r -> notBelow(r, 0.5))).isEqualTo(new Outcome(PS_0, 1));
  }

  @Test
  void aJobWithNoTaskGetsAWorkerWhenItsPsIsMasked() {
    Scenario s = scenario(job(0, 0)).masking(PS_0);
    assertThat(decide(s, r -> below(r, 0.5)).action()).isEqualTo(WORKER_0);
  }

  @Test
  void aJobWithNoTaskGetsABundleOnHeadsWhenOnlyTheBundleIsValid() {
    Scenario s = scenario(job(0, 0), job(1, 1)).masking(PS_0).withQ(WORKER_0, 0);
    assertThat(decide(s, r -> below(r, 0.5))).isEqualTo(new Outcome(BUNDLE_0, 1));
  }

  @Test
  void missingTaskFiresEvenWhenNothingChanged() {
    // Tails leave the sampled stop; the scan still ends, so B4 never draws for column 1.
    Scenario s = scenario(job(0, 0), job(1, 1)).masking(PS_0).withQ(WORKER_0, 0);
    assertThat(decide(s, r -> notBelow(r, 0.5))).isEqualTo(new Outcome(s.stop(), 1));
  }

  @Test
  void aJobWithoutWorkersGetsAWorker() {
    assertThat(decide(scenario(job(0, 2)), r -> true).action()).isEqualTo(WORKER_0);
  }

  @Test
  void theSlipAddsAPsWithZeroProbabilityWhenTheWorkerIsLikely() {
    Scenario s = scenario(job(2, 0)).withQ(PS_0, 0);
    assertThat(decide(s, r -> true).action()).isEqualTo(PS_0);
  }

  @Test
  void theSlipWithholdsALikelyPsWhenTheWorkerIsUnlikely() {
    Scenario s = scenario(job(2, 0), job(1, 1)).withQ(WORKER_0, 1e-21);
    assertThat(decide(s, r -> true)).isEqualTo(new Outcome(s.stop(), 1)); // R only: B2 fired
  }

  // (B3) Too many PSs, with ρ = 3 unless stated.

  @Test
  void tooManyPsGivesABundleOrAWorkerOnTwoHeads() {
    Scenario s = scenario(job(1, 4), job(1, 3));
    assertThat(decide(s, anyRatio(r -> below(r, 0.5) && below(r, 0.5))))
        .isEqualTo(new Outcome(BUNDLE_0, 3));
    assertThat(decide(s, anyRatio(r -> below(r, 0.5) && notBelow(r, 0.5))))
        .isEqualTo(new Outcome(WORKER_0, 3));
  }

  @Test
  void tooManyPsContinuesWithTheNextColumnOnTails() {
    Scenario s = scenario(job(1, 4), job(1, 3));
    assertThat(decide(s, anyRatio(r -> notBelow(r, 0.5)))).isEqualTo(new Outcome(s.stop(), 2));
  }

  @Test
  void tooManyPsComparesWithThisSlotsRho() {
    Scenario s = scenario(job(1, 4), job(1, 3));
    assertThat(decide(originalWithRho(4), s, r -> true)).isEqualTo(new Outcome(s.stop(), 1));
  }

  @Test
  void tooManyPsWithAnInvalidActionContinuesWithTheNextColumn() {
    Scenario s = scenario(job(1, 4), job(1, 1)).masking(BUNDLE_0);
    Predicate<Rng> script = anyRatio(r -> below(r, 0.5) && below(r, 0.5) && notBelow(r, 0.01));
    assertThat(decide(s, script)).isEqualTo(new Outcome(PS_1, 4));
  }

  @Test
  void atThePsCapTheOriginalNeverOffersASecondWorkerButOriginalPlusDoes() {
    // u at the cap masks PS and bundle: the original's B3 needs the bundle, so it falls through.
    Scenario s = scenario(job(1, 16), job(4, 12)).masking(PS_0).masking(BUNDLE_0);
    Predicate<Rng> heads = anyRatio(r -> below(r, 0.5));
    assertThat(decide(s, heads)).isEqualTo(new Outcome(s.stop(), 2));
    OriginalExploration plus =
        originalWithRho(3, ExplorationSettings.DEFAULT.withWorkerWhenPsCapped());
    assertThat(decide(plus, s, heads)).isEqualTo(new Outcome(WORKER_0, 2));
    assertThat(ExplorationMode.fromName("original-plus").create())
        .isInstanceOf(OriginalExploration.class);
  }

  @Test
  void originalPlusActsLikeTheOriginalWhenThePsIsNotCapped() {
    Scenario s = scenario(job(1, 4), job(1, 1)).masking(BUNDLE_0);
    Predicate<Rng> script = anyRatio(r -> below(r, 0.5) && below(r, 0.5) && notBelow(r, 0.01));
    OriginalExploration plus =
        originalWithRho(3, ExplorationSettings.DEFAULT.withWorkerWhenPsCapped());
    assertThat(decide(plus, s, script)).isEqualTo(new Outcome(PS_1, 4));
  }

  // (B4) Add a PS.

  @Test
  void addPsGivesAPsOnHeadsAndABundleOnePercentOfTheTime() {
    Scenario s = scenario(job(1, 1));
    assertThat(decide(s, anyRatio(r -> below(r, 0.5) && notBelow(r, 0.01))))
        .isEqualTo(new Outcome(PS_0, 3));
    assertThat(decide(s, anyRatio(r -> below(r, 0.5) && below(r, 0.01))))
        .isEqualTo(new Outcome(BUNDLE_0, 3));
    assertThat(decide(s, anyRatio(r -> notBelow(r, 0.5)))).isEqualTo(new Outcome(s.stop(), 2));
  }

  @Test
  void addPsAppliesFromHalfAsManyWorkersAsPs() {
    Predicate<Rng> heads = anyRatio(r -> below(r, 0.5) && notBelow(r, 0.01));
    assertThat(decide(scenario(job(1, 2)), heads).action()).isEqualTo(PS_0);
    Scenario tooFewWorkers = scenario(job(1, 3));
    assertThat(decide(tooFewWorkers, heads)).isEqualTo(new Outcome(tooFewWorkers.stop(), 1));
  }

  @Test
  void addPsWithAnInvalidActionContinuesWithTheNextColumn() {
    Scenario s = scenario(job(1, 1), job(1, 1)).masking(PS_0);
    Predicate<Rng> script = anyRatio(r -> below(r, 0.5) && below(r, 0.5) && notBelow(r, 0.01));
    assertThat(decide(s, script)).isEqualTo(new Outcome(PS_1, 4));
  }

  // Whole-rule properties.

  /** Five jobs at 1/1, the state every job is in after the start-of-slot bundle. */
  private static final Scenario FIVE_FRESH_JOBS =
      scenario(job(1, 1), job(1, 1), job(1, 1), job(1, 1), job(1, 1));

  @Test
  void mostTrainingActionsAddPssWhenJobsStartAtOneAndOne() {
    // dl2-spec §7.10 "Effect": B4 fires for some job unless all five coins fail (2^-5).
    OriginalExploration exploration = originalWithRho(3);
    Scenario s = FIVE_FRESH_JOBS;
    Rng rng = new Rng(2024);
    int ps = 0;
    for (int i = 0; i < 4000; i++) {
      int sampled = Decoding.SAMPLED.choose(s.q(), rng);
      int action = exploration.override(s.observation(), s.q(), sampled, rng);
      ps += action != s.stop() && action % 3 == 1 ? 1 : 0;
    }
    assertThat(ps / 4000.0).isGreaterThan(0.93); // expected 0.969
  }

  @Test
  void theSampledActionSurvivesAboutOnceInTwoToTheEligibleJobs() {
    OriginalExploration exploration = originalWithRho(3);
    Scenario s = FIVE_FRESH_JOBS;
    Rng rng = new Rng(2025);
    int survived = 0;
    for (int i = 0; i < 4000; i++) {
      survived += exploration.override(s.observation(), s.q(), s.stop(), rng) == s.stop() ? 1 : 0;
    }
    assertThat(survived / 4000.0).isBetween(0.02, 0.045); // expected 1/32
  }

  @Test
  void onlyValidActionsAreChosenApartFromTheSampledOneAndTheSlip() {
    OriginalExploration exploration = originalWithRho(3);
    Rng world = new Rng(7);
    Rng rng = new Rng(8);
    for (int trial = 0; trial < 5000; trial++) {
      Scenario s = randomScenario(world);
      int sampled = Decoding.SAMPLED.choose(s.q(), rng);
      int action = exploration.override(s.observation(), s.q(), sampled, rng);
      assertThat(s.observation().mask()[action]).isTrue();
      boolean slip =
          action % 3 == 1
              && action != s.stop()
              && s.observation().columns()[action / 3].parameterServers() == 0;
      if (action != sampled && !slip) {
        assertThat(s.q()[action]).isGreaterThan(1e-20);
      }
    }
  }

  /** Four columns, some empty, small or lopsided jobs, random masks and tiny or zero q entries. */
  public static Scenario randomScenario(Rng world) {
    JobView[] columns = new JobView[4];
    for (int col = 0; col < columns.length; col++) {
      columns[col] =
          world.nextDouble() < 0.2
              ? null
              : job(world.nextInt(4) * world.nextInt(4), world.nextInt(9));
    }
    Scenario s = scenario(columns);
    for (int a = 0; a < s.stop(); a++) {
      double u = world.nextDouble();
      if (u < 0.15) {
        s.masking(a);
      }
    }
    for (int a = 0; a < s.stop(); a++) {
      double u = world.nextDouble();
      if (s.observation().mask()[a] && u < 0.3) {
        s.withQ(a, u < 0.1 ? 0 : u < 0.2 ? 1e-21 : 0.5);
      }
    }
    return s;
  }
}
