package dl2.learning.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.learning.rl.explore.ExplorationFixtures;
import dl2.learning.speeds.SpeedEstimate;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.lengths.LengthBelief;
import dl2.lengths.LengthPosterior;
import dl2.slot.JobView;
import dl2.workload.LengthError;
import org.junit.jupiter.api.Test;

class MarginalRewardTest {
  /** 100 epochs a slot per worker plus 10 per PS; 0 without either. */
  private static final SpeedEstimate LINEAR =
      (job, ps, workers) -> ps < 1 || workers < 1 ? 0 : 100.0 * workers + 10.0 * ps;

  private final ActionSpace actions = new ActionSpace(2);
  private final MarginalReward reward = new MarginalReward(actions, MarginalValue.WORK);

  private static MarginalReward.Snapshot decided(int action, JobView... columns) {
    ActionSpace space = new ActionSpace(columns.length);
    boolean[] mask = new boolean[space.size()];
    java.util.Arrays.fill(mask, true);
    Observation seen = new Observation(new double[0], mask, columns);
    boolean stop = space.isStop(action);
    return MarginalReward.Snapshot.of(
        seen,
        stop ? -1 : space.column(action),
        stop ? null : space.task(action),
        action,
        LengthBelief.AS_GIVEN);
  }

  @Test
  void aTaskEarnsWhatItAddsToItsJobsRateOverE() {
    // stub jobs have E = 100; this one holds 3 PSs and 2 workers after the decision: 230 epochs a
    // slot
    assertThat(reward.ofDecision(decided(0, ExplorationFixtures.job(2, 3), null), LINEAR))
        .isCloseTo((230 - 130) / 100.0, within(1e-12));
    assertThat(reward.ofDecision(decided(1, ExplorationFixtures.job(2, 3), null), LINEAR))
        .isCloseTo((230 - 220) / 100.0, within(1e-12));
    assertThat(reward.ofDecision(decided(2, ExplorationFixtures.job(2, 3), null), LINEAR))
        .isCloseTo((230 - 120) / 100.0, within(1e-12));
  }

  @Test
  void theTaskThatLetsAJobRunEarnsItsWholeRate() {
    assertThat(reward.ofDecision(decided(0, ExplorationFixtures.job(1, 1), null), LINEAR))
        .isCloseTo(110 / 100.0, within(1e-12));
  }

  @Test
  void inTimeATaskEarnsTheFractionOfRemainingTimeItSaves() {
    MarginalReward time = new MarginalReward(actions, MarginalValue.TIME);
    // 130 → 230 epochs a slot: the remaining time shrinks by 100/230
    assertThat(time.ofDecision(decided(0, ExplorationFixtures.job(2, 3), null), LINEAR))
        .isCloseTo(100 / 230.0, within(1e-12));
    // the task that lets a job run at all saves its whole slot
    SpeedEstimate needsBoth = (job, ps, workers) -> ps < 1 || workers < 1 ? 0 : 50;
    assertThat(time.ofDecision(decided(0, ExplorationFixtures.job(1, 1), null), needsBoth))
        .isEqualTo(1.0);
    // a task that cannot make the job run saves nothing
    assertThat(time.ofDecision(decided(0, ExplorationFixtures.job(1, 0), null), needsBoth))
        .isZero();
  }

  @Test
  void underEstimatesATaskIsValuedOverTheLengthTheStateBelieves() {
    // a prior of one length, 400 epochs, makes the posterior total 400 whatever the estimate (100)
    // says: the same 100 extra epochs a slot are worth 100/400, not 100/100
    LengthBelief believed =
        LengthBelief.posterior(
            new LengthPosterior(
                new double[] {400}, new LengthError(LengthError.Kind.LOG_LAPLACE, 0.5)));
    ActionSpace space = new ActionSpace(2);
    boolean[] mask = new boolean[space.size()];
    java.util.Arrays.fill(mask, true);
    JobView[] columns = {ExplorationFixtures.job(2, 3), null};
    MarginalReward.Snapshot snapshot =
        MarginalReward.Snapshot.of(
            new Observation(new double[0], mask, columns),
            space.column(0),
            space.task(0),
            0,
            believed);
    assertThat(snapshot.epochs()[0]).isEqualTo(400);
    assertThat(reward.ofDecision(snapshot, LINEAR)).isCloseTo(100 / 400.0, within(1e-12));
  }

  @Test
  void aStopEarnsNothing() {
    assertThat(reward.ofDecision(decided(6, ExplorationFixtures.job(1, 1), null), LINEAR)).isZero();
  }

  @Test
  void everyActionIsValuedInTheStateTheDecisionSaw() {
    // column 0 decided a worker and now holds 2 workers and 3 PSs; column 1 holds 1 and 1
    MarginalReward.Snapshot snapshot =
        decided(0, ExplorationFixtures.job(2, 3), ExplorationFixtures.job(1, 1));
    double[] rewards =
        reward.ofEveryAction(
            snapshot, new boolean[] {true, true, false, true, true, true, true}, LINEAR);
    // before the decision column 0 held 1 worker and 3 PSs: 130 epochs a slot
    assertThat(rewards[0]).isCloseTo((230 - 130) / 100.0, within(1e-12));
    assertThat(rewards[1]).isCloseTo((140 - 130) / 100.0, within(1e-12));
    assertThat(rewards[2]).isZero(); // masked
    assertThat(rewards[3]).isCloseTo((210 - 110) / 100.0, within(1e-12));
    assertThat(rewards[4]).isCloseTo((120 - 110) / 100.0, within(1e-12));
    assertThat(rewards[5]).isCloseTo((220 - 110) / 100.0, within(1e-12));
    assertThat(rewards[6]).isZero(); // stop
  }

  @Test
  void theSnapshotKeepsTheCountsOfTheMomentTheDecisionWasTaken() {
    var job = ExplorationFixtures.job(2, 3);
    MarginalReward.Snapshot snapshot = decided(0, job, null);
    assertThat(snapshot.workers()[0]).isEqualTo(1);
    assertThat(snapshot.parameterServers()[0]).isEqualTo(3);
  }
}
