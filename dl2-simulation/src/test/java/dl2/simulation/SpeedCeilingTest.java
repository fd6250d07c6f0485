package dl2.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.world.LocalPairKnapsack;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.SpeedCeiling;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No placement and no co-location makes a realistic-world job beat its speed ceiling in any slot,
 * while placement and fluctuation do beat its isolated curve (why the no-contention bound is only a
 * reference there).
 */
class SpeedCeilingTest {
  @Test
  void randomPlacementsNeverBeatTheCeiling() {
    ClusterSpec cluster = ClusterSpec.ofNodes(3);
    int cap = 6;
    SimulationConfig config =
        new SimulationConfig(cluster, cap, 1200, 0.1, 1000).withWorld(RealisticWorld.calibrated());
    List<JobSpec> jobs = new ArrayList<>();
    for (int id = 1; id <= 8; id++) {
      jobs.add(
          JobSpec.exact(
              id,
              JobType.values()[id - 1],
              0,
              1e8)); // never completes: every slot's full progress counts
    }
    Trace trace = new Trace("random", jobs);
    long seed = 77;
    Simulator sim = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed);
    SpeedCeiling ceiling =
        config.world().start(FittedOptimusSpeed.INSTANCE, 1200, 0.1, seed).speedCeiling();
    Rng rng = new Rng(5);
    int checked = 0;
    double overIsolated = 0;
    for (int slot = 0; slot < 300; slot++) {
      SlotContext context = sim.beginSlot();
      for (int tries = 0; tries < 30; tries++) {
        JobView job = context.jobs().get(rng.nextInt(context.jobs().size()));
        Task task = Task.values()[rng.nextInt(3)];
        context.tryAddOn(rng.nextInt(cluster.nodes()), job, task);
      }
      for (JobProgress step : sim.endSlot().progress()) {
        if (step.epochsDone() > 0) {
          JobType type = JobType.values()[step.jobId() - 1];
          LocalPairKnapsack pairs =
              new LocalPairKnapsack(
                  new Resources(8, 2), type.demand(Task.WORKER), type.demand(Task.PS), cap, cap);
          double most =
              ceiling.peakEpochsPerSlot(
                      step.jobId(),
                      type,
                      step.parameterServers(),
                      step.workers(),
                      pairs.maxFraction(step.parameterServers(), step.workers()))
                  * ceiling.slotFactor(step.jobId(), slot);
          assertThat(step.epochsDone())
              .as("job %d in slot %d", step.jobId(), slot)
              .isLessThanOrEqualTo(most);
          checked++;
          overIsolated =
              Math.max(
                  overIsolated,
                  step.epochsDone()
                      / sim.world()
                          .isolatedEpochsPerSlot(
                              step.jobId(), type, step.parameterServers(), step.workers()));
        }
      }
    }
    assertThat(checked).isGreaterThan(500);
    assertThat(overIsolated).isGreaterThan(1.2);
  }
}
