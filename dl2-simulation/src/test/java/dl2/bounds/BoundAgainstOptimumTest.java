package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimFixtures;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.world.World;
import dl2.slot.ScalingCost;
import dl2.slot.Scheduler;
import dl2.speed.EpochRateSpeed;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.WorldKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The capacity bound, priced part aimed at the optimum, never above the exact optimum of tiny
 * instances on one node (8 cores, 2 GPUs, cap 2), and each optimum a schedule the simulator runs to
 * the same total. Default world: the optimum of a mixed-integer program written from the
 * simulator's rules ({@link SlottedMip}). Realistic world (speeds that depend on the jobs sharing
 * the node): every schedule tried in the simulator ({@link ExhaustiveOptimum}).
 */
class BoundAgainstOptimumTest {
  private static final SimulationConfig DEFAULT_NODE =
      new SimulationConfig(ClusterSpec.ofNodes(1), 2, 1200, 0, 1000);
  private static final SimulationConfig REALISTIC_NODE =
      DEFAULT_NODE.withScalingCost(ScalingCost.NONE).withWorld(World.of(WorldKind.REALISTIC));

  /** Three shapes of speed: linear, concave in workers, and one where a second PS pays off. */
  private static final List<SpeedModel> SPEEDS =
      List.of(
          new EpochRateSpeed((t, p, w) -> w),
          new EpochRateSpeed((t, p, w) -> w == 1 ? 1 : 1.5),
          new EpochRateSpeed((t, p, w) -> p == 1 ? 0.5 * w : w + 0.5));

  /** Relative slack for the MIP's own tolerance and for sums of doubles in another order. */
  private static final double SLACK = 1e-6;

  @Test
  void inTheDefaultWorldTheBoundIsNeverAboveTheMipOptimumWhichTheSimulatorReaches() {
    Rng rng = new Rng(2033);
    int tight = 0;
    int priced = 0;
    int instances = 50;
    for (int instance = 0; instance < instances; instance++) {
      SpeedModel speed = SPEEDS.get(instance % SPEEDS.size());
      List<JobSpec> jobs = new ArrayList<>();
      for (int id = 1; id <= 2; id++) {
        JobType type = rng.nextInt(3) == 0 ? JobType.DSSM : JobType.RESNET_50;
        jobs.add(JobSpec.exact(id, type, rng.nextInt(3), rng.nextIntInclusive(1, 4)));
      }
      Trace trace = new Trace("tiny" + instance, jobs);
      double bundles = total(DEFAULT_NODE, trace, speed, 1, new SimFixtures.BundlesById());
      // Two exact optima from different models: every schedule tried in the simulator, and the MIP
      // over slots enough for the former.
      double searched = new ExhaustiveOptimum(DEFAULT_NODE, trace, speed, 1, bundles).total();
      SlottedMip mip = new SlottedMip(trace, speed, 1200, 8, 2, horizon(trace, speed, searched));
      double replayed = total(DEFAULT_NODE, trace, speed, 1, PlanReplay.of(mip.plan()));
      assertThat(replayed)
          .as("the MIP's schedule replayed, %s", jobs)
          .isCloseTo(mip.total(), within(SLACK * mip.total()))
          .isCloseTo(searched, within(SLACK * searched));
      CapacityBound.Totals bound = CapacityBound.of(trace, DEFAULT_NODE, speed, 1, replayed);
      assertThat(bound.total())
          .as("bound %s on %s", bound, jobs)
          .isLessThanOrEqualTo(Math.min(replayed, searched) * (1 + 1e-12));
      tight += bound.total() >= replayed * (1 - 1e-4) ? 1 : 0;
      priced += bound.binding().equals("priced") ? 1 : 0;
    }
    // The priced part is what meets the optimum, on most instances.
    assertThat(priced).as("instances where the priced part is the largest").isGreaterThan(10);
    assertThat(tight)
        .as("instances where the bound meets the optimum within 0.01 %%")
        .isGreaterThan(instances / 2);
  }

  @Test
  void inTheRealisticWorldTheBoundIsNeverAboveTheOptimumOfEverySchedule() {
    Rng rng = new Rng(2034);
    SpeedModel speed = FittedOptimusSpeed.INSTANCE;
    JobType[] types = {JobType.RESNET_50, JobType.VGG_16, JobType.DSSM, JobType.SEQ2SEQ};
    long tried = 0;
    int instances = 50;
    for (int instance = 0; instance < instances; instance++) {
      List<JobSpec> jobs = new ArrayList<>();
      int count = 2 + (instance % 5 == 4 ? 1 : 0);
      for (int id = 1; id <= count; id++) {
        JobType type = types[rng.nextInt(types.length)];
        jobs.add(JobSpec.exact(id, type, rng.nextInt(2), 1));
      }
      Trace sized = new Trace("sizes" + instance, jobs);
      // Lengths of 0.3 to 2 slots alone at the job's best: a few slots in all.
      Simulator probe = new Simulator(REALISTIC_NODE, sized, speed, instance);
      List<JobSpec> scaled = new ArrayList<>();
      for (JobSpec job : jobs) {
        double best = 0;
        for (int[] pw : SlottedMip.CONFIGS) {
          best =
              Math.max(best, probe.world().dryRunEpochsPerSlot(job.id(), job.type(), pw[0], pw[1]));
        }
        scaled.add(
            JobSpec.exact(
                job.id(), job.type(), job.arrivalSlot(), best * (0.3 + 1.7 * rng.nextDouble())));
      }
      Trace trace = new Trace("tiny-realistic" + instance, scaled);
      double reachable =
          total(REALISTIC_NODE, trace, speed, instance, new SimFixtures.BundlesById());
      ExhaustiveOptimum optimum =
          new ExhaustiveOptimum(REALISTIC_NODE, trace, speed, instance, reachable);
      tried += optimum.schedules();
      double best = optimum.total();
      if (!optimum.plan().isEmpty()) {
        assertThat(total(REALISTIC_NODE, trace, speed, instance, PlanReplay.of(optimum.plan())))
            .as("the best schedule replayed, %s", scaled)
            .isEqualTo(best);
      }
      CapacityBound.Totals bound = CapacityBound.of(trace, REALISTIC_NODE, speed, instance, best);
      assertThat(bound.total())
          .as("bound %s on %s", bound, scaled)
          .isLessThanOrEqualTo(best * (1 + 1e-12));
    }
    assertThat(tried).as("complete schedules tried").isGreaterThan(instances);
  }

  /**
   * Slots enough for an optimal schedule: its total is at most {@code reachable} and every other
   * job takes at least its time alone at its fastest, so job j completes by a_j + reachable − Σ_{i
   * ≠ j} E*_i / s*_i.
   */
  static int horizon(Trace trace, SpeedModel speed, double reachable) {
    double[] alone = new double[trace.size()];
    double sum = 0;
    for (int j = 0; j < alone.length; j++) {
      JobSpec job = trace.jobs().get(j);
      double best = 0;
      for (int[] pw : SlottedMip.CONFIGS) {
        best = Math.max(best, speed.epochsPerSlot(job.type(), pw[0], pw[1], 1200));
      }
      alone[j] = job.realEpochs() / best;
      sum += alone[j];
    }
    double last = 0;
    for (int j = 0; j < alone.length; j++) {
      last = Math.max(last, trace.jobs().get(j).arrivalSlot() + reachable - (sum - alone[j]));
    }
    return (int) Math.ceil(last + 1e-9) + 1;
  }

  private static double total(
      SimulationConfig config, Trace trace, SpeedModel speed, long seed, Scheduler scheduler) {
    return new Simulator(config, trace, speed, seed).run(scheduler).averageJct() * trace.size();
  }
}
