package dl2.learning.env;

import static dl2.learning.EnvironmentFixtures.FIRST_ALLOWED;
import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.observer;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.policy.DecisionListener;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.placement.FewestNodes;
import dl2.slot.PlacedJob;
import dl2.slot.PlacedScheduler;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code train --placement P}: every scheduler a training run plays runs under P, as compare runs
 * {@code SCHEDULER@P}; the policy decides how many tasks, P where. (Before, the simulator placed
 * the tasks itself, and a test checked the two routes agreed; now there is one route.)
 */
class RunPlacementTest {
  private static PolicyScheduler step() {
    return new PolicyScheduler(
        "dl2",
        observer(1, 4),
        FIRST_ALLOWED,
        Decoding.GREEDY.chooser(new Rng(1)),
        DecisionListener.NONE,
        true,
        new MeasuredSpeeds());
  }

  @Test
  void theSlotsOwnRuleIsTheSchedulerAloneAndRecordedAsNone() {
    Scheduler alone = step();
    assertThat(RunPlacement.SLOT.apply(alone)).isSameAs(alone);
    assertThat(new RunPlacement("least-loaded").apply(alone)).isSameAs(alone);
    assertThat(RunPlacement.SLOT.recorded()).isNull();
    assertThat(new RunPlacement(FewestNodes.NAME).recorded()).isEqualTo(FewestNodes.NAME);
  }

  /**
   * Each run gets a fresh placement: one may measure as it runs (interference-aware), and runs must
   * not share it.
   */
  @Test
  void everyRunIsPlacedByAFreshPlacementOfItsName() {
    RunPlacement placement = new RunPlacement(FewestNodes.NAME);
    PlacedScheduler first = (PlacedScheduler) placement.apply(step());
    PlacedScheduler second = (PlacedScheduler) placement.apply(step());
    assertThat(first.placement()).isInstanceOf(FewestNodes.class).isNotSameAs(second.placement());
    assertThat(first.name()).isEqualTo("dl2@fewest-nodes");
  }

  /**
   * Two nodes of 8 cores and 2 GPUs, one resnet-50 job (a worker: 2 cores and 1 GPU; a PS: 2
   * cores), cap 4; the policy adds every worker it may, then every PS. Under fewest-nodes: the
   * start-of-slot bundle goes to node 0 (the job has no node; the least loaded, lower index); the
   * second worker beside it (node 0 is then full of GPUs); the third to node 1, the only node it
   * fits; the fourth beside it on node 1. The second PS goes to node 0 (2 workers on either node,
   * node 0 holds more of the job's tasks), which fills its cores; the third and fourth to node 1.
   */
  @Test
  void underFewestNodesThePolicyDecidesHowManyTasksAndThePlacementWhere() {
    SlotContext slot = simulator(2, 4, job(1, JobType.RESNET_50, 0, 1000)).beginSlot();
    new RunPlacement(FewestNodes.NAME).apply(step()).schedule(slot);
    PlacedJob placed = (PlacedJob) slot.jobs().get(0);
    assertThat(IntStream.range(0, placed.workers()).map(placed::workerNode))
        .containsExactly(0, 0, 1, 1);
    assertThat(IntStream.range(0, placed.parameterServers()).map(placed::psNode))
        .containsExactly(0, 0, 1, 1);
  }
}
