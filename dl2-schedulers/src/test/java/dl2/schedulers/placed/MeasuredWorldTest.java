package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import dl2.slot.NodeOccupancy;
import dl2.slot.PlacementProbe;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What MeasuredWorld learns from exact observations (no per-job variation, no fluctuation) of one
 * resnet-50 job alone on 3 nodes, placed slot by slot as scripted: its curve, and λ.
 */
class MeasuredWorldTest {
  /**
   * (p, w, how): 0 every task on node 0; 1 workers on node 0, PSs on node 1; 2 the i-th of each
   * role on node i mod 3.
   */
  private static final int[][] SCRIPT = {
    {1, 1, 0}, {1, 1, 1}, {2, 1, 0}, {2, 1, 1}, {1, 2, 0}, {1, 2, 1}, {2, 2, 0}, {2, 2, 1},
    {2, 2, 2}, {2, 4, 2}
  };

  private static World realistic(double lambda) {
    double[][] s = new double[8][8];
    for (double[] row : s) {
      Arrays.fill(row, 1);
    }
    return new RealisticWorld(new WorldParameters(0, 0, 0, lambda, 0, s, List.of(), Map.of()));
  }

  /** Runs the script, then starts slot 10 (which estimates λ) and returns its context. */
  private static SlotContext run(World world, MeasuredWorld measured) {
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(3), 16, 1200, 0, 1000).withWorld(world);
    Simulator sim =
        new Simulator(
            config,
            new Trace("script", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 1e6))),
            FittedOptimusSpeed.INSTANCE,
            1);
    for (int[] step : SCRIPT) {
      SlotContext slot = sim.beginSlot();
      measured.startSlot(slot);
      NodeOccupancy occupancy = new NodeOccupancy(slot.cluster());
      JobView job = slot.jobs().get(0);
      for (int w = 0; w < step[1]; w++) {
        add(slot, occupancy, job, Task.WORKER, step[2] == 2 ? w % 3 : 0);
      }
      for (int p = 0; p < step[0]; p++) {
        add(slot, occupancy, job, Task.PS, step[2] == 0 ? 0 : step[2] == 1 ? 1 : p % 3);
      }
      measured.endSlot(slot, occupancy);
      sim.endSlot();
    }
    SlotContext slot = sim.beginSlot();
    measured.startSlot(slot);
    return slot;
  }

  private static void add(
      SlotContext slot, NodeOccupancy occupancy, JobView job, Task task, int node) {
    assertThat(slot.tryAddOn(node, job, task)).isTrue();
    occupancy.record(job, task, node);
  }

  private static PlacementProbe spread(int p, int w) {
    return new PlacementProbe(new int[] {w, 0}, new int[] {0, p}, new int[2][8]);
  }

  /**
   * In the default world placement changes nothing: λ stays 1 and the fit is the type's curve, at
   * configurations never run too.
   */
  @Test
  void inTheDefaultWorldTheFitIsTheTypeCurve() {
    MeasuredWorld measured = new MeasuredWorld();
    JobView job = run(ExactWorld.INSTANCE, measured).jobs().get(0);
    assertThat(measured.localityFactor()).isEqualTo(1.0);
    assertThat(measured.knows(job)).isTrue();
    for (int[] pw : new int[][] {{1, 1}, {4, 2}, {8, 4}}) {
      double truth =
          FittedOptimusSpeed.INSTANCE.epochsPerSlot(JobType.RESNET_50, pw[0], pw[1], 1200);
      assertThat(measured.epochsPerSlot(job, spread(pw[0], pw[1])))
          .isCloseTo(truth, within(1e-6 * truth));
    }
  }

  /**
   * With λ = 0.25 the same job runs faster where its pairs share a node; the grid's λ that explains
   * its ten slots best is the world's, and the fitted curve with the placement divided out is the
   * type's (the realistic world's isolated curve, here without per-job variation).
   */
  @Test
  void itMeasuresTheLocalityFactor() {
    MeasuredWorld measured = new MeasuredWorld();
    JobView job = run(realistic(0.25), measured).jobs().get(0);
    assertThat(measured.localityFactor()).isEqualTo(0.25);
    double truth = FittedOptimusSpeed.INSTANCE.epochsPerSlot(JobType.RESNET_50, 4, 2, 1200);
    assertThat(measured.epochsPerSlot(job, spread(4, 2))).isCloseTo(truth, within(1e-6 * truth));
  }
}
