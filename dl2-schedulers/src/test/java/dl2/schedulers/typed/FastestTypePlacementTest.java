package dl2.schedulers.typed;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.Scenario;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedJob;
import dl2.slot.PlacedScheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * optimus-remaining under {@code fastest-type}, hand-computed on a cluster of one K80 node (node 0)
 * and two V100 nodes (1, 2), each 8 cores and 2 GPUs, cap 2, at 10 epochs per slot per worker: job
 * 1 a resnet-50 of 100 epochs, job 2 a seq2seq of 1000. The rule gives each job a worker and a PS
 * (+∞, in id order), then a second worker each (gain/t0 0.5 for both, job 1 first by id).
 */
class FastestTypePlacementTest {
  private static final ClusterSpec K80_2V100 =
      new ClusterSpec(
          List.of(
              new NodeGroup(1, 8, 2, GpuCatalogue.K80), new NodeGroup(2, 8, 2, GpuCatalogue.V100)));

  private static Simulator cluster(JobSpec... jobs) {
    SimulationConfig config = new SimulationConfig(K80_2V100, 2, 1200, 0, 10_000);
    return new Simulator(config, Scenario.trace(jobs), Scenario.TEN_PER_WORKER, 1);
  }

  private static List<String> workerNodes(SlotContext slot) {
    List<String> nodes = new ArrayList<>();
    for (JobView job : slot.jobs()) {
      PlacedJob placed = (PlacedJob) job;
      List<Integer> of = new ArrayList<>();
      for (int i = 0; i < placed.workers(); i++) {
        of.add(placed.workerNode(i));
      }
      nodes.add(job.id() + ": " + of);
    }
    return nodes;
  }

  /**
   * The oracle sends both first workers to the V100s (factor 1 against the K80's 0.1583 and
   * 0.2799), each to the least-loaded V100 node: job 1's to node 1, its PS to the least-loaded node
   * overall (node 0, load 0), job 2's to node 2 (load 0 against node 1's 0.75), its PS to node 0
   * again (0.25 against 0.75). The second workers stay on their jobs' type: job 1's to node 1 (load
   * 0.75, as node 2), ties to the lower index, job 2's to node 2, the only V100 with a GPU left.
   * Least-loaded placement alone would have put job 1's first worker on the K80 (node 0, index
   * first among empty nodes).
   */
  @Test
  void everyWorkerOfAJobGoesToTheFastestTypeWithRoom() {
    Simulator sim =
        cluster(
            Scenario.job(1, JobType.RESNET_50, 0, 100), Scenario.job(2, JobType.SEQ2SEQ, 0, 1000));
    SlotContext slot =
        Scenario.decide(
            sim, new PlacedScheduler(new OptimusRemaining(), FastestTypePlacement.oracle()));
    assertThat(Scenario.allocations(slot)).containsExactly("1: 2/1", "2: 2/1");
    assertThat(workerNodes(slot)).containsExactly("1: [1, 1]", "2: [2, 2]");
  }

  /**
   * Measured, every pair is believed at 1 until run: in slot 0 all types tie and cost the same, so
   * job 1 goes to the type listed first, the K80, and job 2 too (node 0 still has a GPU); their
   * second workers find the K80 full and go nowhere, which ends the rule's slot. In slot 1 the
   * K80's resnet-50 and seq2seq are measured (0.1583, 0.2799), the V100 still believed at 1, so
   * both jobs move there.
   */
  @Test
  void theMeasuredPlacementTriesTheTypeListedFirstThenMovesOnWhatItMeasured() {
    Simulator sim =
        cluster(
            Scenario.job(1, JobType.RESNET_50, 0, 100), Scenario.job(2, JobType.SEQ2SEQ, 0, 1000));
    PlacedScheduler rule =
        new PlacedScheduler(new OptimusRemaining(), FastestTypePlacement.measured());
    SlotContext first = Scenario.decide(sim, rule);
    assertThat(workerNodes(first)).containsExactly("1: [0]", "2: [0]");
    sim.endSlot();
    SlotContext second = Scenario.decide(sim, rule);
    assertThat(workerNodes(second)).containsExactly("1: [1, 1]", "2: [2, 2]");
  }
}
