package dl2.learning.env;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A reward's recorded name, written as policy files have always held it and read back in one place.
 */
class RewardNameTest {
  @Test
  void aMarginalRewardOutsideWorkCarriesItsUnitAfterASlash() {
    RewardName shipped = new RewardName(RewardMode.OBSERVED_MARGINALS, MarginalValue.TIME_PER_TASK);
    assertThat(shipped).hasToString("observed-marginals/time-per-task");
    assertThat(RewardName.parse("observed-marginals/time-per-task")).contains(shipped);
    assertThat(new RewardName(RewardMode.OBSERVED_MARGINAL, MarginalValue.WORK))
        .hasToString("observed-marginal");
    assertThat(new RewardName(RewardMode.SLOT, MarginalValue.WORK)).hasToString("slot");
  }

  @Test
  void noRecordedRewardOrOneThatIsNoModeReadsAsNone() {
    assertThat(RewardName.parse(null)).isEmpty();
    assertThat(RewardName.parse("jct-outstanding")).isEmpty();
    assertThat(RewardName.parse("per-job"))
        .contains(new RewardName(RewardMode.PER_JOB, MarginalValue.WORK));
  }

  @Test
  void anOraclesObservedTwinKeepsItsUnitAndOnlineOnlyMarginalRewardsSurvive() {
    RewardName oracle = RewardName.parse("oracle-marginals/time").orElseThrow();
    assertThat(oracle.observed()).hasToString("observed-marginals/time");
    assertThat(oracle.online())
        .isEqualTo(new RewardName(RewardMode.OBSERVED_MARGINALS, MarginalValue.TIME));
    assertThat(RewardName.parse("per-job").orElseThrow().online().mode())
        .isEqualTo(RewardMode.SLOT);
    assertThat(RewardName.parse("uncompleted").orElseThrow().observed()).hasToString("uncompleted");
  }
}
