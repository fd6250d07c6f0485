package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimFixtures;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.speed.EpochRateSpeed;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On tiny instances (two jobs) on two nodes of two GPU types (one at a random fraction of the
 * other's pace), the capacity bound with its price per type is never above the best schedule found
 * by trying, in the simulator, every choice of (p, w ≤ 2) per job and slot with a job's tasks on
 * one node ({@link ExhaustiveOptimum}); and on some it is above the bound of the same traces on two
 * nodes of the fast type, which is what the bound gave before types had prices of their own.
 */
class TypedBoundAgainstSearchTest {
  private static final List<SpeedModel> SPEEDS =
      List.of(
          new EpochRateSpeed((t, p, w) -> w),
          new EpochRateSpeed((t, p, w) -> w == 1 ? 1 : 1.5),
          new EpochRateSpeed((t, p, w) -> p == 1 ? 0.5 * w : w + 0.5));

  private static SimulationConfig twoNodes(GpuType first, GpuType second) {
    return new SimulationConfig(
        new ClusterSpec(List.of(new NodeGroup(1, 8, 2, first), new NodeGroup(1, 8, 2, second))),
        2,
        1200,
        0,
        1000);
  }

  @Test
  void theTypedBoundIsNeverAboveAScheduleAndSometimesAboveTheFastestTypeEverywhere() {
    Rng rng = new Rng(2035);
    GpuType fast = GpuType.uniform("fast");
    int above = 0;
    int instances = 24;
    for (int instance = 0; instance < instances; instance++) {
      double[] factors = new double[JobType.values().length];
      Arrays.fill(factors, 0.2 + 0.6 * rng.nextDouble());
      SimulationConfig config = twoNodes(new GpuType("slow", factors), fast);
      SpeedModel speed = SPEEDS.get(instance % SPEEDS.size());
      List<JobSpec> jobs = new ArrayList<>();
      for (int id = 1; id <= 2; id++) { // three jobs on two nodes take minutes to search
        JobType type = rng.nextInt(4) == 0 ? JobType.DSSM : JobType.RESNET_50;
        jobs.add(JobSpec.exact(id, type, rng.nextInt(2), rng.nextIntInclusive(1, 4)));
      }
      Trace trace = new Trace("typed" + instance, jobs);
      double start =
          new Simulator(config, trace, speed, 1).run(new SimFixtures.BundlesById()).averageJct()
              * trace.size();
      double best = new ExhaustiveOptimum(config, trace, speed, 1, start).total();
      CapacityBound.Totals bound = CapacityBound.of(trace, config, speed, 1, best);
      assertThat(bound.total())
          .as("bound %s on %s, best schedule %s", bound, jobs, best)
          .isLessThanOrEqualTo(best * (1 + 1e-12));
      double fastEverywhere = CapacityBound.of(trace, twoNodes(fast, fast), speed, 1, best).total();
      above += bound.total() > fastEverywhere * (1 + 1e-9) ? 1 : 0;
    }
    assertThat(above).as("instances above the fastest type everywhere").isGreaterThan(0);
  }
}
