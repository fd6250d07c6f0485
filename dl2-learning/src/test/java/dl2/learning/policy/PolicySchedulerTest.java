package dl2.learning.policy;

import static dl2.learning.EnvironmentFixtures.FIRST_ALLOWED;
import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.observer;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicySchedulerTest {
  private static final Policy ALWAYS_STOP =
      obs -> {
        double[] q = new double[obs.mask().length];
        q[q.length - 1] = 1;
        return q;
      };

  /**
   * DL2's slot step for {@code policy} decoded as {@code decoding} from seed {@code seed}, window
   * 2, cap 4, nothing heard.
   */
  private static PolicyScheduler scheduler(Policy policy, Decoding decoding, long seed) {
    return scheduler(policy, decoding, seed, true);
  }

  private static PolicyScheduler scheduler(
      Policy policy, Decoding decoding, long seed, boolean startOfSlotBundle) {
    return new PolicyScheduler(
        "dl2",
        observer(2, 4),
        policy,
        decoding.chooser(new Rng(seed)),
        DecisionListener.NONE,
        startOfSlotBundle,
        new MeasuredSpeeds());
  }

  @Test
  void theStartOfSlotBundleGivesEveryJobOneBundleBeforeThePolicyActs() {
    Simulator sim =
        simulator(2, 4, job(1, JobType.RESNET_50, 0, 1000), job(2, JobType.DSSM, 0, 1000));
    SlotContext slot = sim.beginSlot();
    scheduler(ALWAYS_STOP, Decoding.GREEDY, 1).schedule(slot);
    assertThat(slot.jobs()).allMatch(j -> j.workers() == 1 && j.parameterServers() == 1);
  }

  @Test
  void withoutTheStartBundleAPolicyThatStopsAtOnceStillLetsTheFirstJobTrain() {
    assertThat(withoutTheStartBundle(ALWAYS_STOP)).containsExactly("1/1", "0/0");
  }

  /** The first allowed action for {@code decisions} decisions, then stop. */
  private static Policy firstAllowedThenStop(int decisions) {
    int[] made = {0};
    return observation ->
        made[0]++ < decisions
            ? FIRST_ALLOWED.actionProbabilities(observation)
            : ALWAYS_STOP.actionProbabilities(observation);
  }

  /** Each job's workers/PSs after a slot of {@code policy} with no start-of-slot bundle. */
  private static List<String> withoutTheStartBundle(Policy policy) {
    Simulator sim =
        simulator(2, 4, job(1, JobType.RESNET_50, 0, 1000), job(2, JobType.DSSM, 0, 1000));
    SlotContext slot = sim.beginSlot();
    scheduler(policy, Decoding.GREEDY, 1, false).schedule(slot);
    return slot.jobs().stream().map(j -> j.workers() + "/" + j.parameterServers()).toList();
  }

  @Test
  void withoutTheStartBundleTheLastResortCompletesAJobThatCannotTrain() {
    // two workers and no PS: no job can train, so job 1 (first by id) gets a bundle
    assertThat(withoutTheStartBundle(firstAllowedThenStop(2))).containsExactly("3/1", "0/0");
  }

  @Test
  void withoutTheStartBundleTheLastResortLeavesASlotWhereAJobTrains() {
    // four workers, then the first allowed action is job 1's PS: it trains, job 2 gets nothing
    assertThat(withoutTheStartBundle(firstAllowedThenStop(5))).containsExactly("4/1", "0/0");
  }

  @Test
  void decisionsContinueUntilAnAllocationFails() {
    // One node (8 cores, 2 GPUs); the start bundle takes 4 cores + 1 GPU; greedy "first allowed"
    // adds workers to job 1: one more fits (2 cores + 1 GPU), the next fails for lack of a GPU.
    Simulator sim = simulator(1, 4, job(1, JobType.RESNET_50, 0, 1000));
    SlotContext slot = sim.beginSlot();
    scheduler(FIRST_ALLOWED, Decoding.GREEDY, 1).schedule(slot);
    assertThat(slot.jobs().get(0).workers()).isEqualTo(2);
    assertThat(slot.jobs().get(0).parameterServers()).isEqualTo(1);
  }

  @Test
  void aPolicySchedulerRunsAWholeTraceToCompletion() {
    Simulator sim =
        simulator(2, 4, job(1, JobType.RESNET_50, 0, 1000), job(2, JobType.DSSM, 1, 3000));
    SimulationResult result = sim.run(scheduler(FIRST_ALLOWED, Decoding.SAMPLED, 5));
    assertThat(result.jobs()).hasSize(2);
  }

  /**
   * The listener hears the decisions the slot kept: on one node, after the bundle, the greedy
   * "first allowed" worker for job 1 (action 0) fits and is kept; the next one fails for lack of a
   * GPU and is not reported.
   */
  @Test
  void theListenerHearsEveryKeptDecisionWithWhatItSaw() {
    Simulator sim = simulator(1, 4, job(1, JobType.RESNET_50, 0, 1000));
    List<Integer> heard = new ArrayList<>();
    new PolicyScheduler(
            "dl2",
            observer(2, 4),
            FIRST_ALLOWED,
            (observation, q) -> Decoding.argmax(q),
            (observation, q, action, stop) -> {
              assertThat(observation.mask()[action]).isTrue();
              assertThat(q[action]).isEqualTo(1);
              heard.add(action);
            },
            true,
            new MeasuredSpeeds())
        .schedule(sim.beginSlot());
    assertThat(heard).containsExactly(0);
  }

  @Test
  void aPolicyPlacesItsOwnTasksExactlyWhenItsActionsNameNodes() {
    Observer placed = new Observer(StateEncoding.PLACED.create(6, 4, 30000, true), 4);
    assertThat(
            new PolicyScheduler(
                    "dl2",
                    placed,
                    ALWAYS_STOP,
                    (o, q) -> -1,
                    DecisionListener.NONE,
                    true,
                    new MeasuredSpeeds())
                .placesItsOwnTasks())
        .isTrue();
    assertThat(scheduler(ALWAYS_STOP, Decoding.GREEDY, 1).placesItsOwnTasks()).isFalse();
  }
}
