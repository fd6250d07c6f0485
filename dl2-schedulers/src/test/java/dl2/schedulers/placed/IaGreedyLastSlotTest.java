package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.WorldParameters;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.speed.SplitSpeedModel;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ia-greedy's last-slot rule on a hand-computed slot, in a world of round numbers without
 * interference: every job computes 1/w s and communicates 1 s per sample, λ = 0.25, and with T =
 * 115 s a resnet-50 job does its samples per second in epochs per slot. Two nodes of 8 cores and 2
 * GPUs; a worker's dominant share is 1/4.
 */
class IaGreedyLastSlotTest {
  private static final SplitSpeedModel ROUND =
      new SplitSpeedModel() {
        @Override
        public double computeSecondsPerSample(JobType type, int numPs, int numWorkers) {
          return 1.0 / numWorkers;
        }

        @Override
        public double communicationSecondsPerSample(JobType type, int numPs, int numWorkers) {
          return 1;
        }

        @Override
        public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
          return 1 / (1.0 / numWorkers + 1);
        }

        @Override
        public String name() {
          return "round";
        }
      };

  /**
   * Jobs 1 and 2 (E 1000) and 3 (E 0.1), all resnet-50. Their bundles: jobs 1 and 2 on node 0 (no
   * interference: every node ties, the lower index wins), job 3 on node 1, each at 1/(1 + 0.25) =
   * 0.8 epochs per slot; one GPU is left, on node 1.
   */
  private static SlotContext firstSlot() {
    double[][] s = new double[8][8];
    for (double[] row : s) {
      Arrays.fill(row, 1);
    }
    RealisticWorld world =
        new RealisticWorld(new WorldParameters(0, 0, 0, 0.25, 0, s, List.of(), Map.of()));
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(2), 4, 115, 0, 1000).withWorld(world);
    Trace trace =
        new Trace(
            "hand",
            List.of(
                JobSpec.exact(1, JobType.RESNET_50, 0, 1000),
                JobSpec.exact(2, JobType.RESNET_50, 0, 1000),
                JobSpec.exact(3, JobType.RESNET_50, 0, 0.1)));
    return new Simulator(config, trace, ROUND, 1).beginSlot();
  }

  private static String workers(SlotContext slot, int id) {
    SlotJob job =
        (SlotJob) slot.jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
    return Arrays.toString(job.workerNodes());
  }

  /**
   * Job 3's second worker on node 1 keeps its pairs local: 1/(0.5 + 0.25) = 1.333, saving 1 −
   * 0.8/1.333 = 0.4 of its remaining time, 1.6 per share. Job 1's there would halve its local pairs
   * (π = 0.625): 1/(0.5 + 0.625) = 0.889, saving 0.1, 0.4 per share (job 2's ties, job 1 first).
   * The fraction rule gives the GPU to job 3.
   */
  @Test
  void theFractionRuleGivesTheGpuToTheJobThatFinishesInTheSlot() {
    SlotContext slot = firstSlot();
    IaGreedy.oracle().schedule(slot);
    assertThat(workers(slot, 3)).isEqualTo("[1, 1]");
    assertThat(workers(slot, 1)).isEqualTo("[0]");
  }

  /**
   * Job 3 finishes inside the slot (t0 = 0.1/0.8 = 0.125): its worker saves 0.4 · 0.125 = 0.05
   * slots, 0.2 per share, less than job 1's 0.4, which now gets the GPU; job 3 keeps one worker
   * (nothing else fits: a PS changes no one's speed).
   */
  @Test
  void theLastSlotRuleGivesItToTheJobThatSavesMoreTime() {
    SlotContext slot = firstSlot();
    IaGreedy.oracle("last-slot", IaGreedy.SHIPPED.withLastSlot(true)).schedule(slot);
    assertThat(workers(slot, 1)).isEqualTo("[0, 1]");
    assertThat(workers(slot, 3)).isEqualTo("[1]");
  }
}
