package dl2.learning.env;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.state.ActionSpace;
import dl2.lengths.LengthBelief;
import dl2.simulation.SlotOutcome;
import dl2.simulation.SlotStats;
import dl2.slot.JobProgress;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The slot rewards of dl2-spec §7.5, one strategy per mode. A slot in which three jobs were
 * outstanding; job 1 made Δ/E = 0.1, job 2 made 0.3 and completed, job 3 did not run: the slot
 * reward is 0.4.
 */
class DecisionRewardTest {
  private static final ActionSpace ACTIONS = new ActionSpace(2);
  private static final List<JobProgress> PROGRESS =
      List.of(
          new JobProgress(1, 1, 1, 10, 1, 0.1, false),
          new JobProgress(2, 1, 2, 30, 0.5, 0.3, true));
  private static final SlotOutcome OUTCOME =
      new SlotOutcome(new SlotStats(0, 0.4, 0.5, 0.5), PROGRESS, 3, false);

  private static KeptDecision of(int jobId) {
    return new KeptDecision(
        new double[0], new boolean[ACTIONS.size()], new double[ACTIONS.size()], 0, jobId, null);
  }

  private static DecisionReward mode(RewardMode mode) {
    return DecisionReward.of(mode, MarginalValue.WORK, ACTIONS, LengthBelief.AS_GIVEN);
  }

  @Test
  void theSlotRewardIsEveryDecisionsReward() {
    DecisionReward slot = mode(RewardMode.SLOT);
    assertThat(slot.ofSlot(OUTCOME)).isEqualTo(0.4);
    assertThat(slot.of(of(1), 0.4, PROGRESS, null)).isEqualTo(0.4);
    assertThat(slot.of(of(-1), 0.4, PROGRESS, null)).isEqualTo(0.4);
    assertThat(slot.ofEveryAction(of(1), null)).isNull();
  }

  /** Job 2's action earns its own 0.3, job 3's (it did not run) 0, a stop 0.4 / 2 jobs that ran. */
  @Test
  void perJobAnActionEarnsItsJobsShareAndAStopTheMean() {
    DecisionReward perJob = mode(RewardMode.PER_JOB);
    assertThat(perJob.of(of(2), 0.4, PROGRESS, null)).isEqualTo(0.3);
    assertThat(perJob.of(of(3), 0.4, PROGRESS, null)).isZero();
    assertThat(perJob.of(of(-1), 0.4, PROGRESS, null)).isEqualTo(0.2);
  }

  /**
   * Three outstanding, one completed: two are left, so the slot's reward is −2 for every decision.
   */
  @Test
  void uncompletedIsMinusTheJobsLeftAtTheSlotsEnd() {
    DecisionReward uncompleted = mode(RewardMode.UNCOMPLETED);
    assertThat(OUTCOME.remaining()).isEqualTo(2);
    assertThat(uncompleted.ofSlot(OUTCOME)).isEqualTo(-2);
    assertThat(uncompleted.of(of(1), -2, PROGRESS, null)).isEqualTo(-2);
  }

  @Test
  void onlyTheMarginalRewardsKeepASnapshotAndOnlyTheirAllActionsTwinRewardsEveryAction() {
    assertThat(mode(RewardMode.SLOT).snapshot(null, ACTIONS.stop())).isNull();
    assertThat(mode(RewardMode.OBSERVED_MARGINAL))
        .isInstanceOf(DecisionReward.Marginal.class)
        .extracting(r -> ((DecisionReward.Marginal) r).everyAction())
        .isEqualTo(false);
    assertThat(mode(RewardMode.ORACLE_MARGINALS))
        .extracting(r -> ((DecisionReward.Marginal) r).everyAction())
        .isEqualTo(true);
  }
}
