package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimFixtures;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.EpochRateSpeed;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed capacity bounds. Speed: w epochs per slot whatever p, so a worker is worth one
 * epoch per slot. A node has 8 cores and 2 GPUs; a GPU job's worker takes 2 cores and a GPU, a PS 2
 * cores; with cap 2 the configurations are (p, w) in {1, 2}². Per epoch a GPU job takes at least
 * w/w = 1 GPU-slot and 2(p + w)/w ≥ 3 core-slots (p = 1, w = 2); its best speed is 2.
 */
class CapacityBoundTest {
  private static final SpeedModel PER_WORKER = new EpochRateSpeed((t, p, w) -> w);

  private static Trace trace(JobSpec... jobs) {
    return new Trace("hand", List.of(jobs));
  }

  private static SimulationConfig config(int nodes, int cap) {
    return new SimulationConfig(ClusterSpec.ofNodes(nodes), cap, 1200, 0, 1000);
  }

  /**
   * The lowest-id job takes as many bundles as fit, then the next: shortest first when ids are so
   * ordered.
   */
  private static final Scheduler GREEDY_BY_ID = new SimFixtures.BundlesById();

  @Test
  void twoGpuJobsOnOneNodeAreBoundByTheGpus() {
    // Alone each does 4 epochs in 2 slots: isolated 2 + 2 = 4. GPUs as one machine of 2 per slot:
    // each needs 4 GPU-slots = 2 slots, SRPT completes them at 2 and 4: 6. Cores, 8 per slot:
    // 12 core-slots = 1.5 slots each, 1.5 + 3 = 4.5. Bound 6 / 2 = 3, met by running them in turn.
    Trace trace =
        trace(JobSpec.exact(1, JobType.RESNET_50, 0, 4), JobSpec.exact(2, JobType.RESNET_50, 0, 4));
    CapacityBound.Totals bound = CapacityBound.of(trace, config(1, 2), PER_WORKER, 1);
    assertThat(bound).isEqualTo(new CapacityBound.Totals(2, 4, 4.5, 6, 0));
    assertThat(bound.binding()).isEqualTo("gpus");
    assertThat(bound.averageJct()).isEqualTo(3);
    assertThat(new Simulator(config(1, 2), trace, PER_WORKER, 1).run(GREEDY_BY_ID).averageJct())
        .isEqualTo(3);
  }

  @Test
  void onALargerClusterTheIsolatedBoundBinds() {
    // 4 nodes: 32 cores, 8 GPUs. GPUs: 4 GPU-slots / 8 = 0.5 slots each, 0.5 + 1 = 1.5; cores:
    // 12 / 32 = 0.375 each, 0.375 + 0.75 = 1.125; isolated still 2 + 2 = 4: bound 4 / 2 = 2.
    Trace trace =
        trace(JobSpec.exact(1, JobType.RESNET_50, 0, 4), JobSpec.exact(2, JobType.RESNET_50, 0, 4));
    CapacityBound.Totals bound = CapacityBound.of(trace, config(4, 2), PER_WORKER, 1);
    assertThat(bound).isEqualTo(new CapacityBound.Totals(2, 4, 1.125, 1.5, 0));
    assertThat(bound.binding()).isEqualTo("isolated");
    assertThat(new Simulator(config(4, 2), trace, PER_WORKER, 1).run(GREEDY_BY_ID).averageJct())
        .isEqualTo(2);
  }

  @Test
  void cpuJobsAreBoundByTheCores() {
    // dssm needs no GPU: GPU sizes are 0. Cores: 3 core-slots per epoch at best (p = 1, w = 2),
    // 12 / 8 = 1.5 slots each, SRPT total 1.5 + 3 = 4.5 > isolated 4: bound 2.25. The simulator
    // can do no better than 3: (1, 2) takes 6 of the 8 cores, so the two jobs run in turn.
    Trace trace = trace(JobSpec.exact(1, JobType.DSSM, 0, 4), JobSpec.exact(2, JobType.DSSM, 0, 4));
    CapacityBound.Totals bound = CapacityBound.of(trace, config(1, 2), PER_WORKER, 1);
    assertThat(bound).isEqualTo(new CapacityBound.Totals(2, 4, 4.5, 0, 0));
    assertThat(bound.binding()).isEqualTo("cores");
    assertThat(bound.averageJct()).isEqualTo(2.25);
  }

  @Test
  void aShortLateJobPreemptsTheLongOneOnTheMachine() {
    // Job 1: 8 epochs from slot 0; job 2: 2 epochs from slot 1. Isolated 4 + 1 = 5. GPUs: sizes
    // 4 and 1; job 1 runs [0, 1), job 2 [1, 2), job 1 until 5: 5 + 1 = 6. Cores: sizes 3 and
    // 0.75; job 1 [0, 1), job 2 [1, 1.75), job 1 until 3.75: 4.5. Bound 3, met by the simulator
    // running job 1 in slot 0, job 2 in slot 1 (JCT 1) and job 1 in slots 2-4 (JCT 5).
    Trace trace =
        trace(JobSpec.exact(1, JobType.RESNET_50, 0, 8), JobSpec.exact(2, JobType.RESNET_50, 1, 2));
    CapacityBound.Totals bound = CapacityBound.of(trace, config(1, 2), PER_WORKER, 1);
    assertThat(bound).isEqualTo(new CapacityBound.Totals(2, 5, 4.5, 6, 0));
    Scheduler shortestFirst =
        new Scheduler() {
          @Override
          public String name() {
            return "shortest-first";
          }

          @Override
          public void schedule(SlotContext slot) {
            JobView shortest =
                slot.jobs().stream()
                    .min(java.util.Comparator.comparingDouble(j -> j.epochs() - j.progress()))
                    .orElseThrow();
            while (slot.tryAdd(shortest, Task.BUNDLE)) {
              // to the cap
            }
          }
        };
    assertThat(new Simulator(config(1, 2), trace, PER_WORKER, 1).run(shortestFirst).averageJct())
        .isEqualTo(3);
  }

  @Test
  void aJobsOwnCapsAndSpeedNoiseCount() {
    // Capped at 1 worker the job's best is 1 epoch per slot: 4 slots. With ε_s = 0.5 a slot can
    // do up to 1.5 times the curve: 4 / 1.5.
    Trace trace = trace(JobSpec.exact(1, JobType.RESNET_50, 0, 4).withCaps(1, 2));
    assertThat(CapacityBound.of(trace, config(4, 2), PER_WORKER, 1).isolated()).isEqualTo(4);
    assertThat(CapacityBound.of(trace, config(4, 2).withSpeedNoise(0.5), PER_WORKER, 1).isolated())
        .isCloseTo(4 / 1.5, within(1e-15));
  }

  @Test
  void configurationsBeyondTheClusterDoNotCount() {
    // Cap 4 on one node: w = 3 or 4 needs more than its 2 GPUs, so the best is still 2 epochs per
    // slot.
    Trace trace = trace(JobSpec.exact(1, JobType.RESNET_50, 0, 4));
    assertThat(CapacityBound.of(trace, config(1, 4), PER_WORKER, 1).isolated()).isEqualTo(2);
  }

  @Test
  void inTheDefaultWorldTheIsolatedPartIsTheNoContentionBound() {
    SimulationConfig config = SimulationConfig.of(Presets.PAPER_DENSE);
    for (Trace trace : TraceSets.test(Presets.PAPER_DENSE, 9973, 2)) {
      CapacityBound.Totals bound = CapacityBound.of(trace, config, FittedOptimusSpeed.INSTANCE, 1);
      assertThat(bound.isolated() / bound.jobs())
          .isEqualTo(NoContentionBound.averageJct(trace, config, FittedOptimusSpeed.INSTANCE, 1));
      assertThat(bound.averageJct()).isGreaterThanOrEqualTo(bound.isolated() / bound.jobs());
    }
  }
}
