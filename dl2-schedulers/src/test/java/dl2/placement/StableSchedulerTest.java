package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.registry.Launch;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.simulation.world.RealisticWorld;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.slot.StablePlacement;
import dl2.slot.StableScheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code SCHEDULER@stable}: the scheduler's decision is its own, only where tasks run changes;
 * running tasks stay on their nodes, new ones go where nobody runs, and nodes the scheduler chose
 * itself are kept. Worked on 3 nodes of 8 cores and 2 GPUs with resnet-50 (a worker: 2 cores and a
 * GPU; a PS: 2 cores).
 */
class StableSchedulerTest {
  private static final ClusterSpec THREE = ClusterSpec.ofNodes(3);

  /**
   * Runs {@code script} on slot 0 and slot 1 of two resnet-50 jobs (ids 1, 2) under {@code
   * scheduler}; the nodes after slot 1.
   */
  private static Simulator twoSlots(Scheduler scheduler) {
    Trace trace =
        new Trace(
            "two",
            List.of(
                JobSpec.exact(1, JobType.RESNET_50, 0, 1e6),
                JobSpec.exact(2, JobType.RESNET_50, 0, 1e6)));
    Simulator sim =
        new Simulator(
            new SimulationConfig(THREE, 4, 1200, 0, 100), trace, FittedOptimusSpeed.INSTANCE, 1);
    for (int slot = 0; slot < 2; slot++) {
      scheduler.schedule(sim.beginSlot());
      if (slot == 0) {
        sim.endSlot();
      }
    }
    return sim;
  }

  /** A scheduler that does what {@code script} says in each slot. */
  private static Scheduler scripted(BiConsumer<SlotContext, List<JobView>> script) {
    return new Scheduler() {
      @Override
      public String name() {
        return "scripted";
      }

      @Override
      public void schedule(SlotContext slot) {
        script.accept(slot, slot.jobs());
      }
    };
  }

  private static int[] workers(Simulator sim, int index) {
    int[] nodes = ((SlotJob) sim.outstandingJobs().get(index)).workerNodes();
    Arrays.sort(nodes);
    return nodes;
  }

  /**
   * Slot 0: job 1 takes 2 workers, least-loaded: nodes 0 and 1. Slot 1: job 2 asks first, then job
   * 1. Least-loaded alone gives job 2 node 0 and job 1 nodes 1 and 2 (job 1 moved); stable keeps
   * job 1 on 0 and 1 and gives job 2 the free node 2.
   */
  @Test
  void runningTasksStayAndNewOnesGoWhereNobodyRuns() {
    BiConsumer<SlotContext, List<JobView>> script =
        (slot, jobs) -> {
          if (slot.slot() == 1) {
            slot.tryAdd(jobs.get(1), Task.WORKER);
          }
          slot.tryAdd(jobs.get(0), Task.WORKER);
          slot.tryAdd(jobs.get(0), Task.WORKER);
        };
    Simulator plain = twoSlots(scripted(script));
    assertThat(workers(plain, 0)).containsExactly(1, 2);
    assertThat(workers(plain, 1)).containsExactly(0);

    Simulator stable = twoSlots(new StableScheduler(scripted(script), null));
    assertThat(workers(stable, 0)).containsExactly(0, 1);
    assertThat(workers(stable, 1)).containsExactly(2);
  }

  /**
   * Slot 0: job 1 on nodes 0, 1 and 2; slot 1 it keeps 2 workers: those on the lowest nodes, 0 and
   * 1.
   */
  @Test
  void aShrinkingJobKeepsItsTasksOnTheLowestNodes() {
    Simulator sim =
        twoSlots(
            new StableScheduler(
                scripted(
                    (slot, jobs) -> {
                      for (int i = 0; i < (slot.slot() == 0 ? 3 : 2); i++) {
                        slot.tryAdd(jobs.get(0), Task.WORKER);
                      }
                    }),
                null));
    assertThat(workers(sim, 0)).containsExactly(0, 1);
  }

  /**
   * A node the scheduler names itself is its decision: job 1 held node 0, the scheduler puts it on
   * node 2.
   */
  @Test
  void nodesTheSchedulerChoseItselfAreKept() {
    Simulator sim =
        twoSlots(
            new StableScheduler(
                scripted(
                    (slot, jobs) -> {
                      if (slot.slot() == 0) {
                        slot.tryAdd(jobs.get(0), Task.WORKER);
                      } else {
                        slot.tryAddOn(2, jobs.get(0), Task.WORKER);
                      }
                    }),
                null));
    assertThat(workers(sim, 0)).containsExactly(2);
  }

  /**
   * Its placement sees each slot start and end once, as under a PlacedScheduler (the copies the
   * scheduler decides and packs on are no slots), and the end shows where every task of the slot
   * went: slot 0, job 1's 2 workers; slot 1, job 2's worker too.
   */
  @Test
  void itsPlacementSeesEachSlotStartAndEndOnce() {
    List<String> seen = new ArrayList<>();
    Placement fewest = new FewestNodes();
    Placement watched =
        new Placement() {
          @Override
          public String name() {
            return fewest.name();
          }

          @Override
          public void startSlot(ObservedSlot slot) {
            seen.add("start " + slot.slot());
          }

          @Override
          public int nodeFor(JobView job, Task task, PlacementView view) {
            return fewest.nodeFor(job, task, view);
          }

          @Override
          public void endSlot(ObservedSlot slot, PlacementView view) {
            seen.add(
                "end "
                    + slot.slot()
                    + ": "
                    + IntStream.range(0, THREE.nodes()).map(view::tasksOn).sum()
                    + " tasks");
          }
        };
    twoSlots(
        new StableScheduler(
            scripted(
                (slot, jobs) -> {
                  if (slot.slot() == 1) {
                    slot.tryAdd(jobs.get(1), Task.WORKER);
                  }
                  slot.tryAdd(jobs.get(0), Task.WORKER);
                  slot.tryAdd(jobs.get(0), Task.WORKER);
                }),
            watched));
    assertThat(seen).containsExactly("start 0", "end 0: 2 tasks", "start 1", "end 1: 3 tasks");
  }

  /**
   * In the default world speed depends on counts alone, and stable changes no count: every result
   * is the scheduler's.
   */
  @Test
  void inTheDefaultWorldEveryBaselineGivesTheSameResultsStable() {
    for (Preset preset : List.of(Presets.PAPER_TESTBED, Presets.PAPER_SMALL)) {
      SimulatedClusters clusters = SimulatedClusters.of(preset);
      List<Trace> traces = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, 1);
      long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, 0);
      for (String name : Schedulers.BASELINES) {
        SimulationResult plain =
            clusters.open(traces.get(0), seed).run(Schedulers.baseline(name, 0.1, 7));
        Scheduler stable =
            PlacedSchedulers.create(
                SchedulerName.parse(name + "@stable"),
                Schedulers.builtIn(0.1),
                Placements.BUILT_IN,
                new Launch(0, 7, 0, 0));
        assertThat(stable.name()).isEqualTo(name + "@stable");
        assertThat(clusters.open(traces.get(0), seed).run(stable))
            .as("%s on %s", name, preset.name())
            .isEqualTo(plain);
      }
    }
  }

  /**
   * The greedy names every node itself, so stable changes nothing of it, even where placement
   * matters.
   */
  @Test
  void aSchedulerThatPlacesEveryTaskItselfIsUnchanged() {
    Preset preset = Presets.PAPER_SMALL_REALISTIC;
    SimulatedClusters clusters = SimulatedClusters.of(preset);
    Trace trace = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
    long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, 0);
    SimulationResult plain = clusters.open(trace, seed).run(Schedulers.baseline("tetris", 0.1, 7));
    assertThat(
            clusters
                .open(trace, seed)
                .run(new StableScheduler(Schedulers.baseline("tetris", 0.1, 7), null)))
        .isEqualTo(plain);
  }

  /**
   * Seeded random clusters and jobs in the realistic world, under every placement: the counts of
   * every job are the plain placed scheduler's in every slot, no node is over-committed, and a job
   * whose counts did not change from the last slot runs on the same nodes.
   */
  @Test
  void countsAreTheSchedulersAndUnchangedJobsStayOnTheirNodes() {
    for (String placement : Placements.NAMES) {
      for (int c = 0; c < 20; c++) {
        Rng rng = new Rng(4100 + c);
        ClusterSpec cluster = new ClusterSpec(2 + rng.nextInt(6), 8, 2);
        List<JobSpec> jobs = new ArrayList<>();
        for (int id = 1; id <= 2 + rng.nextInt(6); id++) {
          jobs.add(
              JobSpec.exact(
                  id, JobType.values()[rng.nextInt(JobType.values().length)], rng.nextInt(4), 1e6));
        }
        SimulationConfig config =
            new SimulationConfig(cluster, 4, 1200, 0, 100).withWorld(RealisticWorld.calibrated());
        Trace trace = new Trace("random", jobs);
        Simulator plain = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 5);
        Simulator stable = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 5);
        Scheduler plainScheduler = create("drf@" + placement);
        Scheduler stableScheduler = create("drf@" + new StablePlacement(placement));
        int[][] lastCounts = new int[jobs.size() + 1][];
        int[][] lastNodes = new int[jobs.size() + 1][];
        for (int slot = 0; slot < 6; slot++) {
          plainScheduler.schedule(plain.beginSlot());
          SlotContext context = stable.beginSlot();
          stableScheduler.schedule(context);
          for (int n = 0; n < cluster.nodes(); n++) {
            Resources used = context.cluster().used(n);
            assertThat(used.cores()).isLessThanOrEqualTo(cluster.coresPerNode());
            assertThat(used.gpus()).isLessThanOrEqualTo(cluster.gpusPerNode());
          }
          for (int i = 0; i < context.jobs().size(); i++) {
            SlotJob job = (SlotJob) context.jobs().get(i);
            JobView twin = plain.outstandingJobs().get(i);
            assertThat(new int[] {job.workers(), job.parameterServers()})
                .as("%s: counts of %s", placement, job)
                .containsExactly(twin.workers(), twin.parameterServers());
            int[] counts = {job.workers(), job.parameterServers()};
            int[] nodes = sortedNodes(job);
            if (Arrays.equals(counts, lastCounts[job.id()])) {
              assertThat(nodes)
                  .as("%s: %s kept its counts, so its nodes", placement, job)
                  .containsExactly(lastNodes[job.id()]);
            }
            lastCounts[job.id()] = counts;
            lastNodes[job.id()] = nodes;
          }
          plain.endSlot();
          stable.endSlot();
        }
      }
    }
  }

  private static Scheduler create(String name) {
    return PlacedSchedulers.create(
        SchedulerName.parse(name), Schedulers.BUILT_IN, Placements.BUILT_IN, Launch.live(0));
  }

  private static int[] sortedNodes(SlotJob job) {
    int[] w = job.workerNodes();
    int[] p = job.psNodes();
    Arrays.sort(w);
    Arrays.sort(p);
    int[] all = Arrays.copyOf(w, w.length + p.length + 1);
    all[w.length] = -1; // between the roles
    System.arraycopy(p, 0, all, w.length + 1, p.length);
    return all;
  }
}
