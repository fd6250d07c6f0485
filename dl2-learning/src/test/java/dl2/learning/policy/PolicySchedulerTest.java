package dl2.learning.policy;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.observer;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

class PolicySchedulerTest {
  /** Always the first allowed non-stop action, or stop when none. */
  private static final Policy FIRST_ALLOWED = obs -> {
    double[] q = new double[obs.mask().length];
    for (int a = 0; a < q.length; a++) {
      if (obs.mask()[a]) {
        q[a] = 1;
        return q;
      }
    }
    return q;
  };

  private static final Policy ALWAYS_STOP = obs -> {
    double[] q = new double[obs.mask().length];
    q[q.length - 1] = 1;
    return q;
  };

  @Test
  void theStartOfSlotBundleGivesEveryJobOneBundleBeforeThePolicyActs() {
    Simulator sim = simulator(2, 4, job(1, JobType.RESNET_50, 0, 1000), job(2, JobType.DSSM, 0, 1000));
    SlotContext slot = sim.beginSlot();
    new PolicyScheduler("dl2", observer(2, 4), ALWAYS_STOP, Decoding.GREEDY, true, 1).schedule(slot);
    assertThat(slot.jobs()).allMatch(j -> j.workers() == 1 && j.parameterServers() == 1);
  }

  @Test
  void decisionsContinueUntilAnAllocationFails() {
    // One node (8 cores, 2 GPUs); the start bundle takes 4 cores + 1 GPU; greedy "first allowed"
    // adds workers to job 1: one more fits (2 cores + 1 GPU), the next fails for lack of a GPU.
    Simulator sim = simulator(1, 4, job(1, JobType.RESNET_50, 0, 1000));
    SlotContext slot = sim.beginSlot();
    new PolicyScheduler("dl2", observer(2, 4), FIRST_ALLOWED, Decoding.GREEDY, true, 1).schedule(slot);
    assertThat(slot.jobs().get(0).workers()).isEqualTo(2);
    assertThat(slot.jobs().get(0).parameterServers()).isEqualTo(1);
  }

  @Test
  void aPolicySchedulerRunsAWholeTraceToCompletion() {
    Simulator sim = simulator(2, 4, job(1, JobType.RESNET_50, 0, 1000), job(2, JobType.DSSM, 1, 3000));
    SimulationResult result = sim.run(new PolicyScheduler("dl2", observer(2, 4), FIRST_ALLOWED, Decoding.SAMPLED, true, 5));
    assertThat(result.jobs()).hasSize(2);
  }
}
