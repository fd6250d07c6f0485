package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.learning.ActionSpace;
import dl2.learning.Observation;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.speed.SpeedModel;
import org.junit.jupiter.api.Test;

class MarginalRewardTest {
  /** 100 samples/s per worker plus 10 per PS; with T = epoch_size = 115 a slot trains f epochs. */
  private static final SpeedModel LINEAR = new SpeedModel() {
    @Override
    public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
      return 100.0 * numWorkers + 10.0 * numPs;
    }

    @Override
    public String name() {
      return "linear";
    }
  };

  private final MarginalReward reward = new MarginalReward(LINEAR, 115, new ActionSpace(2));

  @Test
  void aTaskEarnsWhatItAddsToItsJobsRateOverE() {
    // stub jobs have E = 100; this one holds 3 PSs and 2 workers after the decision: 230 epochs a slot
    var job = ExplorationFixtures.job(2, 3);
    assertThat(reward.ofAllocated(job, Task.WORKER)).isCloseTo((230 - 130) / 100.0, within(1e-12));
    assertThat(reward.ofAllocated(job, Task.PS)).isCloseTo((230 - 220) / 100.0, within(1e-12));
    assertThat(reward.ofAllocated(job, Task.BUNDLE)).isCloseTo((230 - 120) / 100.0, within(1e-12));
  }

  @Test
  void theTaskThatLetsAJobRunEarnsItsWholeRate() {
    assertThat(reward.ofAllocated(ExplorationFixtures.job(1, 1), Task.WORKER)).isCloseTo(110 / 100.0, within(1e-12));
  }

  @Test
  void everyActionIsValuedInTheStateTheDecisionSaw() {
    // column 0 decided a worker and now holds 2 workers and 3 PSs; column 1 holds 1 and 1
    Observation seen = new Observation(new double[0], new boolean[] {true, true, false, true, true, true, true},
        new dl2.simulation.JobView[] {ExplorationFixtures.job(2, 3), ExplorationFixtures.job(1, 1)});
    double[] rewards = reward.ofEveryAction(seen, 0, Task.WORKER);
    // before the decision column 0 held 1 worker and 3 PSs: 130 epochs a slot
    assertThat(rewards[0]).isCloseTo((230 - 130) / 100.0, within(1e-12));
    assertThat(rewards[1]).isCloseTo((140 - 130) / 100.0, within(1e-12));
    assertThat(rewards[2]).isZero(); // masked
    assertThat(rewards[3]).isCloseTo((210 - 110) / 100.0, within(1e-12));
    assertThat(rewards[4]).isCloseTo((120 - 110) / 100.0, within(1e-12));
    assertThat(rewards[5]).isCloseTo((220 - 110) / 100.0, within(1e-12));
    assertThat(rewards[6]).isZero(); // stop
  }
}
