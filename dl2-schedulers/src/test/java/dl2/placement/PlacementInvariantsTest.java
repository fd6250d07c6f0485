package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.world.RealisticWorld;
import dl2.slot.JobView;
import dl2.slot.PlacedScheduler;
import dl2.slot.PlacedSlot;
import dl2.slot.PlacementView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.speed.FittedOptimusSpeed;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeded random clusters, jobs and task sequences: under every placement no node is ever
 * over-committed, no job passes its caps, and the placement's view of the slot is where the tasks
 * really are.
 */
class PlacementInvariantsTest {
  private static final int CASES = 60;

  @Test
  void noPlacementOverCommitsANodeOrBreaksACap() {
    for (String name : Placements.NAMES) {
      for (int c = 0; c < CASES; c++) {
        runCase(name, new Rng(20260 + c));
      }
    }
  }

  private static void runCase(String placement, Rng rng) {
    ClusterSpec cluster =
        new ClusterSpec(1 + rng.nextInt(6), 2 * (2 + rng.nextInt(5)), 1 + rng.nextInt(3));
    int cap = 1 + rng.nextInt(6);
    List<JobSpec> jobs = new ArrayList<>();
    int count = 1 + rng.nextInt(6);
    for (int id = 1; id <= count; id++) {
      JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
      JobSpec job = JobSpec.exact(id, type, rng.nextInt(3), 5 + rng.nextInt(50));
      jobs.add(rng.nextDouble() < 0.3 ? job.withCaps(1 + rng.nextInt(3), 1 + rng.nextInt(3)) : job);
    }
    SimulationConfig config =
        new SimulationConfig(cluster, cap, 1200, 0, 1000).withWorld(RealisticWorld.calibrated());
    Simulator sim =
        new Simulator(
            config, new Trace("random", jobs), FittedOptimusSpeed.INSTANCE, rng.nextLong());
    PlacedScheduler scheduler =
        new PlacedScheduler(new RandomTasks(rng), Placements.byName(placement));
    for (int slot = 0; slot < 8 && !sim.finished(); slot++) {
      SlotContext context = sim.beginSlot();
      scheduler.schedule(context);
      check(placement, context, cluster);
      sim.endSlot();
    }
  }

  private static void check(String placement, SlotContext slot, ClusterSpec cluster) {
    for (int n = 0; n < cluster.nodes(); n++) {
      Resources used = slot.cluster().used(n);
      assertThat(used.cores())
          .as("%s: cores on node %d of %s", placement, n, cluster)
          .isLessThanOrEqualTo(cluster.coresPerNode());
      assertThat(used.gpus())
          .as("%s: GPUs on node %d of %s", placement, n, cluster)
          .isLessThanOrEqualTo(cluster.gpusPerNode());
    }
    for (JobView job : slot.jobs()) {
      assertThat(job.workers())
          .as("%s: workers of %s", placement, job)
          .isLessThanOrEqualTo(job.maxWorkers());
      assertThat(job.parameterServers())
          .as("%s: PSs of %s", placement, job)
          .isLessThanOrEqualTo(job.maxParameterServers());
    }
  }

  /**
   * Adds random tasks for random jobs, mostly through the placement and sometimes on a named node,
   * and checks each time that the placement's view matches where the job's tasks are.
   */
  private static final class RandomTasks implements Scheduler {
    private final Rng rng;

    RandomTasks(Rng rng) {
      this.rng = rng;
    }

    @Override
    public String name() {
      return "random";
    }

    @Override
    public void schedule(SlotContext slot) {
      List<JobView> jobs = slot.jobs();
      if (jobs.isEmpty()) {
        return;
      }
      int tries = rng.nextInt(40);
      for (int i = 0; i < tries; i++) {
        JobView job = jobs.get(rng.nextInt(jobs.size()));
        Task task = Task.values()[rng.nextInt(3)];
        if (rng.nextDouble() < 0.2) {
          slot.tryAddOn(rng.nextInt(slot.cluster().nodeCount()), job, task);
        } else {
          slot.tryAdd(job, task);
        }
        matches(((PlacedSlot) slot).occupancy(), (SlotJob) job, slot.cluster().nodeCount());
      }
    }

    private static void matches(PlacementView view, SlotJob job, int nodes) {
      int[] workers = new int[nodes];
      int[] ps = new int[nodes];
      for (int node : job.workerNodes()) {
        workers[node]++;
      }
      for (int node : job.psNodes()) {
        ps[node]++;
      }
      int held = 0;
      for (int n = 0; n < nodes; n++) {
        assertThat(view.workersOf(job, n)).isEqualTo(workers[n]);
        assertThat(view.parameterServersOf(job, n)).isEqualTo(ps[n]);
        held += workers[n] + ps[n] > 0 ? 1 : 0;
      }
      assertThat(view.nodesOf(job)).isEqualTo(held);
    }
  }
}
