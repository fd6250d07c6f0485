package dl2.placement;

import static dl2.placement.FewestNodesTest.add;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.world.ExactWorld;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.World;
import dl2.simulation.world.WorldParameters;
import dl2.slot.JobView;
import dl2.slot.PlacedScheduler;
import dl2.slot.PlacedSlot;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * interference-aware on 3 nodes of 8 cores and 2 GPUs. Jobs: 1 resnet-50, 2 vgg-16, 3 resnext-110,
 * 4 resnet-50 (the one placed last).
 */
class InterferenceAwareTest {
  private static final JobType RESNET = JobType.RESNET_50;
  private static final JobType VGG = JobType.VGG_16;

  /**
   * No per-job variation or fluctuation, λ = 0.5; resnet-50 and vgg-16 slow each other to a quarter
   * (x = 3), nothing else interferes.
   */
  private static World world() {
    double[][] s = new double[8][8];
    for (double[] row : s) {
      Arrays.fill(row, 1);
    }
    s[RESNET.ordinal()][VGG.ordinal()] = 0.25;
    s[VGG.ordinal()][RESNET.ordinal()] = 0.25;
    return new RealisticWorld(new WorldParameters(0, 0, 0, 0.5, 0, s, List.of(), Map.of()));
  }

  private static Simulator simulator(World world) {
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(3), 16, 1200, 0, 1000).withWorld(world);
    Trace trace =
        new Trace(
            "hand",
            List.of(
                JobSpec.exact(1, RESNET, 0, 1e6),
                JobSpec.exact(2, VGG, 0, 1e6),
                JobSpec.exact(3, JobType.RESNEXT_110, 0, 1e6),
                JobSpec.exact(4, RESNET, 0, 1e6)));
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1);
  }

  /**
   * Before anything is measured every co-located task is taken to add a third to communication. Job
   * 2's bundle is on node 0; job 1's first bundle scores 1 on the empty node 1 (alone, all pairs
   * local) and less on node 0 (its own communication a third slower per vgg task, and job 2's
   * likewise): node 1. Its next worker and PS stay on node 1 (its own, consolidated) although node
   * 2 is empty; its third worker fits there no more (2 GPUs) and goes to the empty node 2, not next
   * to job 2.
   */
  @Test
  void beforeMeasuringItPrefersEmptyNodesAndConsolidates() {
    PlacedSlot slot = new PlacedSlot(simulator(world()).beginSlot(), new InterferenceAware());
    JobView one = slot.jobs().get(0);
    assertThat(slot.tryAddOn(0, slot.jobs().get(1), Task.BUNDLE)).isTrue();
    assertThat(add(slot, one, Task.BUNDLE)).isEqualTo(1);
    assertThat(add(slot, one, Task.WORKER)).isEqualTo(1);
    assertThat(add(slot, one, Task.PS)).isEqualTo(1);
    assertThat(add(slot, one, Task.WORKER)).isEqualTo(2);
  }

  /**
   * Slots 0–2 run jobs 1, 2 and 3 alone on nodes 0, 1, 2 at (p, w) = (1, 1), (2, 1), (1, 2): three
   * clean configurations each, so their curves are fitted. Slots 3–4 put the bundles of jobs 1 and
   * 2 together on node 0: each ran at about a quarter of its curve's communication speed, which
   * measures x(resnet-50, vgg-16) and x(vgg-16, resnet-50); resnext-110's pairs stay at the prior,
   * a third. Slot 5: node 0 holds job 1's 2 workers and 2 PSs (full), node 1 job 2's bundle, node 2
   * job 3's. Job 4 (resnet-50) then goes next to job 3 on node 2, although node 1 has the lower
   * index.
   */
  @Test
  void measuredInterferenceKeepsAJobAwayFromTheTypeThatSlowsIt() {
    assertThat(placeJob4AfterMeasuring(world())).isEqualTo(2);
  }

  /**
   * In the default world the same measurements find no interference: the estimates fall below the
   * prior.
   */
  @Test
  void inTheDefaultWorldTheMeasuredSlowdownFallsTowardsZero() {
    InterferenceAware placement = new InterferenceAware();
    run(simulator(ExactWorld.INSTANCE), placement);
    assertThat(placement.world().extraTime(RESNET, VGG)).isLessThan(0.1);
    assertThat(placement.world().extraTime(VGG, RESNET)).isLessThan(0.1);
  }

  private static int placeJob4AfterMeasuring(World world) {
    InterferenceAware placement = new InterferenceAware();
    int[] chosen = run(simulator(world), placement);
    assertThat(placement.world().extraTime(RESNET, VGG)).isGreaterThan(1);
    assertThat(placement.world().extraTime(VGG, RESNET)).isGreaterThan(1);
    assertThat(placement.world().extraTime(RESNET, JobType.RESNEXT_110)).isEqualTo(1.0 / 3);
    return chosen[0];
  }

  /** Runs the six scripted slots; the node job 4's bundle went to in slot 5. */
  private static int[] run(Simulator sim, InterferenceAware placement) {
    int[] chosen = {-1};
    Scheduler script =
        new Scheduler() {
          @Override
          public String name() {
            return "script";
          }

          @Override
          public void schedule(SlotContext slot) {
            List<JobView> jobs = slot.jobs();
            int t = slot.slot();
            if (t < 3) {
              int[][] config = {{1, 1}, {2, 1}, {1, 2}}; // (p, w)
              for (int j = 0; j < 3; j++) {
                for (int w = 0; w < config[t][1]; w++) {
                  slot.tryAddOn(j, jobs.get(j), Task.WORKER);
                }
                for (int p = 0; p < config[t][0]; p++) {
                  slot.tryAddOn(j, jobs.get(j), Task.PS);
                }
              }
            } else if (t < 5) {
              slot.tryAddOn(0, jobs.get(0), Task.BUNDLE);
              slot.tryAddOn(0, jobs.get(1), Task.BUNDLE);
              slot.tryAddOn(2, jobs.get(2), Task.BUNDLE);
            } else {
              slot.tryAddOn(0, jobs.get(0), Task.BUNDLE);
              slot.tryAddOn(0, jobs.get(0), Task.BUNDLE);
              slot.tryAddOn(1, jobs.get(1), Task.BUNDLE);
              slot.tryAddOn(2, jobs.get(2), Task.BUNDLE);
              PlacedSlot placed = (PlacedSlot) slot;
              slot.tryAdd(jobs.get(3), Task.BUNDLE);
              chosen[0] =
                  placed.occupancy().indexOn(1, jobs.get(3)) >= 0
                      ? 1
                      : placed.occupancy().indexOn(2, jobs.get(3)) >= 0 ? 2 : -1;
            }
          }
        };
    PlacedScheduler scheduler = new PlacedScheduler(script, placement);
    for (int t = 0; t < 6; t++) {
      scheduler.schedule(sim.beginSlot());
      sim.endSlot();
    }
    return chosen;
  }
}
