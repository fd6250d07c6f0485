package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedSlot;
import dl2.speed.FittedOptimusSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fewest-nodes on nodes of 8 cores and 2 GPUs: a GPU worker takes 2 cores and 1 GPU, a PS 2 cores,
 * so a node holds at most 2 workers and 4 tasks.
 */
class FewestNodesTest {
  private static PlacedSlot slot(int nodes, JobType... types) {
    List<JobSpec> jobs = new java.util.ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      jobs.add(JobSpec.exact(i + 1, types[i], 0, 100));
    }
    SimulationConfig config = new SimulationConfig(ClusterSpec.ofNodes(nodes), 16, 1200, 0, 1000);
    Simulator sim = new Simulator(config, new Trace("hand", jobs), FittedOptimusSpeed.INSTANCE, 1);
    return new PlacedSlot(sim.beginSlot(), new FewestNodes());
  }

  /** Adds {@code task} through the placement; the node it went to. */
  static int add(PlacedSlot slot, JobView job, Task task) {
    int[] before = new int[slot.cluster().nodeCount()];
    for (int n = 0; n < before.length; n++) {
      before[n] = slot.occupancy().workersOf(job, n) + slot.occupancy().parameterServersOf(job, n);
    }
    assertThat(slot.tryAdd(job, task)).as("%s of %s", task, job).isTrue();
    for (int n = 0; n < before.length; n++) {
      if (slot.occupancy().workersOf(job, n) + slot.occupancy().parameterServersOf(job, n)
          > before[n]) {
        return n;
      }
    }
    throw new AssertionError("no node gained a task");
  }

  /**
   * W, P, W, P of one resnet-50 job fill node 0 (2 + 2 + 2 + 2 cores, 2 GPUs); the fifth task, a
   * PS, fits on no node of the job and goes to the least-loaded node that fits, node 1.
   * Least-loaded would have spread them over nodes 0, 1, 2, then 1 (load 0.25 after the PS) and 0.
   */
  @Test
  void aJobFillsItsNodeBeforeTakingAnother() {
    PlacedSlot slot = slot(3, JobType.RESNET_50);
    JobView job = slot.jobs().get(0);
    int[] nodes = new int[5];
    Task[] tasks = {Task.WORKER, Task.PS, Task.WORKER, Task.PS, Task.PS};
    for (int i = 0; i < tasks.length; i++) {
      nodes[i] = add(slot, job, tasks[i]);
    }
    assertThat(nodes).containsExactly(0, 0, 0, 0, 1);
  }

  /**
   * Job 1 holds a worker and 2 PSs on node 0 (6 cores, 1 GPU) and a worker on node 1. Its next
   * worker pairs with 2 PSs on node 0 and none on node 1: node 0 (now full). Its next PS can only
   * pair with the worker on node 1: node 1, which has room, not the empty node 2.
   */
  @Test
  void workersGoWhereTheJobsPsAreAndPsWhereItsWorkersAre() {
    PlacedSlot slot = slot(3, JobType.RESNET_50);
    JobView job = slot.jobs().get(0);
    assertThat(
            slot.tryAddOn(0, job, Task.WORKER)
                && slot.tryAddOn(0, job, Task.PS)
                && slot.tryAddOn(0, job, Task.PS)
                && slot.tryAddOn(1, job, Task.WORKER))
        .isTrue();
    assertThat(add(slot, job, Task.WORKER)).isZero();
    assertThat(add(slot, job, Task.PS)).isEqualTo(1);
    assertThat(slot.occupancy().parameterServersOf(job, 1)).isEqualTo(1);
  }

  /**
   * Every node is tried before failing. Node 0 holds job 2's two bundles (full); node 1 job 1's
   * four PSs (8 cores). Job 1's worker fits on neither of its own or node 0: node 2 (2 cores, 1
   * GPU). A bundle then joins it there (4 more cores, the second GPU), leaving 2 cores: no worker
   * fits anywhere, a PS fits there, and after it nothing does.
   */
  @Test
  void aTaskGoesToAnyNodeThatFitsBeforeFailing() {
    PlacedSlot slot = slot(3, JobType.RESNET_50, JobType.VGG_16);
    JobView one = slot.jobs().get(0);
    JobView two = slot.jobs().get(1);
    assertThat(slot.tryAddOn(0, two, Task.BUNDLE) && slot.tryAddOn(0, two, Task.BUNDLE))
        .isTrue(); // node 0 full
    for (int i = 0; i < 4; i++) {
      assertThat(slot.tryAddOn(1, one, Task.PS)).isTrue(); // node 1: 8 cores taken
    }
    assertThat(add(slot, one, Task.WORKER)).isEqualTo(2);
    assertThat(add(slot, one, Task.BUNDLE)).isEqualTo(2);
    assertThat(slot.tryAdd(one, Task.WORKER)).as("node 2 has 2 cores left, no GPU").isFalse();
    assertThat(add(slot, one, Task.PS)).isEqualTo(2);
    assertThat(slot.tryAdd(one, Task.PS)).as("the cluster is full").isFalse();
  }
}
