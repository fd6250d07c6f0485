package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.JobType;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ScalingCost;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/** When a run stops because its scheduler lets no job train, and when it does not. */
class StarvationWatchTest {
  /** Gives every job as many {@code task}s as fit, and nothing else. */
  private static Scheduler only(Task task) {
    return new Scheduler() {
      @Override
      public String name() {
        return "only-" + task.name().toLowerCase(java.util.Locale.ROOT);
      }

      @Override
      public void schedule(SlotContext slot) {
        for (JobView job : slot.jobs()) {
          while (slot.tryAdd(job, task)) {
            // up to the cap or the cluster's room
          }
        }
      }
    };
  }

  @Test
  void jobsHoldingOnlyParameterServersStarveWhileWorkersWouldFit() {
    // Cap 2: the job's 2 PSs leave 4 cores and 2 GPUs of the node, room for the worker it lacks.
    Simulator sim =
        new Simulator(
            SimFixtures.config(1, 2),
            SimFixtures.trace(job(4, JobType.RESNET_50, 0, 10)),
            TEN_PER_WORKER,
            1);
    assertThatThrownBy(() -> sim.run(only(Task.PS)))
        .isInstanceOf(StarvedRunException.class)
        .hasMessage(
            "scheduler only-ps left job 4 of trace hand without training for 20 slots in a row (slots 0–19) although"
                + " 1 of 1 nodes had room to let one of them train");
  }

  @Test
  void aClusterFullOfTasksThatCannotTrainStopsAtTheIdleLimit() {
    // dssm workers take 2 cores and no GPU: 4 fill the node's 8 cores, and no PS fits beside them.
    Simulator sim =
        new Simulator(
            SimFixtures.config(1, 16),
            SimFixtures.trace(job(1, JobType.DSSM, 0, 10)),
            TEN_PER_WORKER,
            1);
    assertThatThrownBy(() -> sim.run(only(Task.WORKER)))
        .isInstanceOf(SimulationLimitException.class)
        .isNotInstanceOf(StarvedRunException.class)
        .hasMessage(
            SimulationLimitException.idle("hand", 1, Simulator.IDLE_SLOT_LIMIT).getMessage());
  }

  @Test
  void slotsLostWholeToRescalingAreTheCostModelsNotStarvation() {
    // A restart costs the whole 1200 s slot and the job's allocation changes every slot: it never
    // progresses, yet it was let train every slot; only the slot limit stops the run.
    SimulationConfig config =
        SimFixtures.config(1, 16).withScalingCost(ScalingCost.restart(1200)).withMaxSlots(150);
    Scheduler alternating =
        new Scheduler() {
          @Override
          public String name() {
            return "alternating";
          }

          @Override
          public void schedule(SlotContext slot) {
            for (JobView job : slot.jobs()) {
              for (int i = 0; i <= slot.slot() % 2; i++) {
                slot.tryAdd(job, Task.BUNDLE);
              }
            }
          }
        };
    Simulator sim =
        new Simulator(
            config, SimFixtures.trace(job(1, JobType.RESNET_50, 0, 1000)), TEN_PER_WORKER, 1);
    assertThatThrownBy(() -> sim.run(alternating))
        .isInstanceOf(SimulationLimitException.class)
        .hasMessage("trace hand did not finish within 150 slots (0 of 1 jobs completed)");
  }

  @Test
  void aRecordedRunStopsAsTheSimulatorsOwnLoopDoes() {
    Simulator sim =
        new Simulator(
            SimFixtures.config(2, 16),
            SimFixtures.trace(
                job(1, JobType.RESNET_50, 0, 10),
                job(2, JobType.DSSM, 0, 10),
                job(3, JobType.WLM, 5, 10),
                job(9, JobType.VGG_16, 30, 10)),
            TEN_PER_WORKER,
            1);
    assertThatThrownBy(() -> RecordedSimulation.run(sim, new SimFixtures.Idle()))
        .isInstanceOf(StarvedRunException.class)
        .hasMessage(
            "scheduler idle left jobs 1, 2, 3 of trace hand without training for 20 slots in a row (slots 0–19) although"
                + " 2 of 2 nodes had room to let one of them train");
  }

  @Test
  void theMessageNamesThreeJobsCountsTheRestAndCanNameThePolicy() {
    Simulator sim =
        new Simulator(
            SimFixtures.config(2, 16),
            SimFixtures.trace(
                job(1, JobType.RESNET_50, 0, 10),
                job(2, JobType.DSSM, 0, 10),
                job(3, JobType.WLM, 0, 10),
                job(7, JobType.VGG_16, 0, 10),
                job(8, JobType.VGG_16, 0, 10)),
            TEN_PER_WORKER,
            1);
    StarvedRunException stop =
        org.junit.jupiter.api.Assertions.assertThrows(
            StarvedRunException.class, () -> sim.run(new SimFixtures.Idle()));
    assertThat(stop.scheduler()).isEqualTo("idle");
    assertThat(stop.by("policy p.policy").getMessage())
        .isEqualTo(
            "policy p.policy left jobs 1, 2, 3 (and 2 more) of trace hand"
                + " without training for 20 slots in a row (slots 0–19) although 2 of 2 nodes had room to let one of them train");
  }

  @Test
  void oneSlotOfTrainingResetsTheCount() {
    // Trains in every 19th slot only: never 20 starved slots in a row, so the run finishes.
    Scheduler rarely =
        new Scheduler() {
          @Override
          public String name() {
            return "rarely";
          }

          @Override
          public void schedule(SlotContext slot) {
            if (slot.slot() % 19 == 18) {
              slot.jobs().forEach(job -> slot.tryAdd(job, Task.BUNDLE));
            }
          }
        };
    Simulator sim =
        new Simulator(
            SimFixtures.config(1, 16),
            SimFixtures.trace(job(1, JobType.RESNET_50, 0, 30)),
            TEN_PER_WORKER,
            1);
    assertThat(sim.run(rarely).jobs().get(0).jct()).isEqualTo(57);
  }
}
