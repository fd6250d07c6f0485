package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoContentionBoundTest {
  /** epochs per slot = p + w: the best at cap 3 is 6. */
  private static final SpeedModel SUM =
      new SpeedModel() {
        @Override
        public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
          return (numPs + numWorkers) * type.epochSize() / 1200;
        }

        @Override
        public String name() {
          return "sum";
        }
      };

  @Test
  void eachJobRunsAtItsBestRateFromArrival() {
    Trace trace =
        new Trace(
            "t",
            List.of(new JobSpec(1, JobType.DSSM, 0, 6, 9), JobSpec.exact(2, JobType.WLM, 5, 3)));
    // Job 1: 9 / 6 = 1.5 slots; job 2: 3 / 6 = 0.5 slots.
    assertThat(NoContentionBound.averageJct(trace, SUM, 3, 1200)).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void noSimulatedSchedulerBeatsTheBound() {
    Trace trace =
        new Trace(
            "t",
            List.of(
                JobSpec.exact(1, JobType.RESNET_50, 0, 2000),
                JobSpec.exact(2, JobType.DSSM, 0, 5000)));
    SimulationConfig config =
        new SimulationConfig(dl2.model.ClusterSpec.ofNodes(40), 16, 1200, 0, 1000);
    Scheduler everything =
        new Scheduler() {
          @Override
          public String name() {
            return "fill";
          }

          @Override
          public void schedule(SlotContext slot) {
            for (JobView job : slot.jobs()) {
              while (slot.tryAdd(job, dl2.model.Task.BUNDLE)) {
                // fill to the cap
              }
            }
          }
        };
    double simulated =
        new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(everything).averageJct();
    assertThat(NoContentionBound.averageJct(trace, FittedOptimusSpeed.INSTANCE, 16, 1200))
        .isLessThanOrEqualTo(simulated);
  }
}
