package dl2.schedulers.rollout;

import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.placement.FewestNodes;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.Scenario;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedScheduler;
import dl2.slot.PlacedSlot;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * rollout: candidate allocations scored by simulating optimus-remaining on the present jobs in a
 * model (fewest-nodes placement, dry-run speeds), the best played, the base's on ties.
 */
class RolloutPlannerTest {
  /**
   * Every DSSM job (CPU-only: every task 2 cores, 4 on a node) runs 10 epochs per slot per worker;
   * a PS adds nothing.
   */
  private static final SpeedModel TEN_PER_WORKER = Scenario.TEN_PER_WORKER;

  /** One node, cap 3: job 1 (E 30) and job 2 (E 300), both DSSM, both arriving at slot 0. */
  private static Simulator shortAndLongJobOnOneNode() {
    return cluster(1, 3, TEN_PER_WORKER, job(1, JobType.DSSM, 0, 30), job(2, JobType.DSSM, 0, 300));
  }

  /**
   * optimus-remaining gives each job a worker and a PS (the node's 4 tasks), so job 1 runs 10 per
   * slot and completes at the end of slot 2 (JCT 3); job 2 has 270 left and alone takes 3 workers
   * and a PS, 30 per slot: 9 more slots, JCT 12. Mean 7.5. Holding job 2 back in slot 0 gives job 1
   * three workers (values 1 − 10/20 and 1 − 20/30, a PS 0): 30 ≥ 30, JCT 1; job 2 then runs 30 per
   * slot from slot 1, 10 slots, JCT 11. Mean 6: the rollout sees it (model cost 12 against the
   * base's 15) and plays it.
   */
  @Test
  void holdingTheLongJobBackBeatsTheGreedyAndTheRolloutFindsIt() {
    Simulator greedy = shortAndLongJobOnOneNode();
    greedy.run(new PlacedScheduler(new OptimusRemaining(), new FewestNodes()));
    assertThat(jcts(greedy)).containsExactly(3.0, 12.0);

    Simulator planned = shortAndLongJobOnOneNode();
    SlotContext slot = planned.beginSlot();
    RolloutPlanner.Choice choice =
        new RolloutPlanner(new RolloutConfig(0, 1, 0, 0, List.of()))
            .choose(new PlacedSlot(slot, new FewestNodes()));
    assertThat(choice.baseCost()).isCloseTo(15, within(1e-9));
    assertThat(choice.cost()).isCloseTo(12, within(1e-9));
    assertThat(choice.candidate()).isEqualTo(RolloutCandidate.limiting(1, 0));
    planned.endSlot();

    Simulator rollout = shortAndLongJobOnOneNode();
    rollout.run(
        new PlacedScheduler(
            new RolloutPlanner(new RolloutConfig(0, 1, 0, 0, List.of())), new FewestNodes()));
    assertThat(jcts(rollout)).containsExactly(1.0, 11.0);
  }

  /**
   * With a horizon of 10 the base's rollout stops with job 2 at 60 left, 30 per slot: 10 + 2, so
   * its cost is still 3 + 12; serving job 1 first (the boost) gives the same allocation as holding
   * job 2 back, and the rollout plays it.
   */
  @Test
  void aHorizonWithTheTerminalEstimateAndABoostChooseTheSame() {
    Simulator planned = shortAndLongJobOnOneNode();
    SlotContext slot = planned.beginSlot();
    RolloutPlanner.Choice choice =
        new RolloutPlanner(new RolloutConfig(10, 0, 0, 1, List.of()))
            .choose(new PlacedSlot(slot, new FewestNodes()));
    assertThat(choice.baseCost()).isCloseTo(15, within(1e-9));
    assertThat(choice.cost()).isCloseTo(12, within(1e-9));
    assertThat(choice.candidate()).isEqualTo(RolloutCandidate.boosting(0));
  }

  /**
   * With no candidate but the base, the rollout plays optimus-remaining@fewest-nodes exactly: the
   * model's first slot is the real one.
   */
  @Test
  void withoutCandidatesItIsOptimusRemainingAtFewestNodesOnRandomRuns() {
    for (long seed : new long[] {11, 22, 33, 44}) {
      Trace trace = trace(seed);
      Simulator base = simulator(seed, trace);
      base.run(new PlacedScheduler(new OptimusRemaining(), new FewestNodes()));
      Simulator planner = simulator(seed, trace);
      planner.run(
          new PlacedScheduler(
              new RolloutPlanner(new RolloutConfig(10, 0, 0, 0, List.of())), new FewestNodes()));
      assertThat(jcts(planner)).as("seed %d", seed).containsExactlyElementsOf(jcts(base));
    }
  }

  /**
   * On seeded random clusters and traces, every slot: the chosen candidate costs no more in the
   * model than the base's, and every task of its plan fits where fewest-nodes puts it (the model
   * never over-commits a node the real cluster would refuse).
   */
  @Test
  void theChoiceNeverCostsMoreThanTheBaseAndEveryPlannedTaskFits() {
    int slotsChecked = 0;
    int improved = 0;
    for (long seed : new long[] {5, 6, 7, 8}) {
      Simulator sim = simulator(seed, trace(seed));
      RolloutPlanner rollout = new RolloutPlanner();
      while (!sim.finished()) {
        SlotContext slot = sim.beginSlot();
        if (!slot.jobs().isEmpty()) {
          PlacedSlot placed = new PlacedSlot(slot, new FewestNodes());
          RolloutPlanner.Choice choice = rollout.choose(placed);
          assertThat(choice.cost()).isLessThanOrEqualTo(choice.baseCost());
          improved += choice.cost() < choice.baseCost() ? 1 : 0;
          List<JobView> jobs = placed.jobs();
          for (int i = 0; i < choice.plan().size(); i++) {
            assertThat(placed.tryAdd(jobs.get(choice.plan().job(i)), choice.plan().role(i)))
                .as("task %d of slot %d, seed %d", i, slot.slot(), seed)
                .isTrue();
          }
          slotsChecked++;
        }
        sim.endSlot();
      }
    }
    assertThat(slotsChecked).isGreaterThan(100);
    assertThat(improved).as("slots where a candidate beat the base in the model").isPositive();
  }

  private static Trace trace(long seed) {
    Preset preset = preset(seed);
    return new Trace("rollout-" + seed, preset.generator().jobs(seed));
  }

  private static Simulator simulator(long seed, Trace trace) {
    return new Simulator(
        SimulationConfig.of(preset(seed)), trace, FittedOptimusSpeed.INSTANCE, seed);
  }

  /** paper-dense shrunk to 25 jobs on 2–8 nodes, so that jobs contend. */
  private static Preset preset(long seed) {
    Preset base = Presets.PAPER_DENSE;
    int nodes = new Rng(seed).nextIntInclusive(2, 8);
    return base.withCluster(base.cluster().withNodes(nodes))
        .withWorkload(base.workload().withTotalJobs(25));
  }
}
