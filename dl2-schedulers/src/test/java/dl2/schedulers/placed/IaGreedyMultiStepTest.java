package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.WorldParameters;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.speed.SplitSpeedModel;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Multi-task steps on a hand-computed slot. One resnet-50 job on 2 nodes (8 cores and 2 GPUs each;
 * worker 2c+1g, PS 2c), no interference, λ = 0.25 (π = 1 − 0.75·L, L the share of worker–PS pairs
 * on one node); it computes 0.25/w s and communicates 1/p s per sample, so its speed is 1/f with f
 * = 0.25/w + π/p. Dominant shares: a worker 1/4 (a GPU of 4), a PS 1/8 (2 cores of 16).
 */
class IaGreedyMultiStepTest {
  private static final SplitSpeedModel COMPUTE_QUARTER =
      new SplitSpeedModel() {
        @Override
        public double computeSecondsPerSample(JobType type, int numPs, int numWorkers) {
          return 0.25 / numWorkers;
        }

        @Override
        public double communicationSecondsPerSample(JobType type, int numPs, int numWorkers) {
          return 1.0 / numPs;
        }

        @Override
        public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
          return 1 / (0.25 / numWorkers + 1.0 / numPs);
        }

        @Override
        public String name() {
          return "compute-quarter";
        }
      };

  private static SlotContext firstSlot() {
    double[][] s = new double[8][8];
    for (double[] row : s) {
      Arrays.fill(row, 1);
    }
    RealisticWorld world =
        new RealisticWorld(new WorldParameters(0, 0, 0, 0.25, 0, s, List.of(), Map.of()));
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(2), 8, 115, 0, 1000).withWorld(world);
    Trace trace = new Trace("hand", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 1000)));
    return new Simulator(config, trace, COMPUTE_QUARTER, 1).beginSlot();
  }

  /** Workers and PSs per node, e.g. "n0 2w2p, n1 1w3p". */
  private static String tasks(SlotContext slot) {
    SlotJob job = (SlotJob) slot.jobs().get(0);
    StringBuilder text = new StringBuilder();
    for (int n = 0; n < 2; n++) {
      final int node = n;
      long w = Arrays.stream(job.workerNodes()).filter(x -> x == node).count();
      long p = Arrays.stream(job.psNodes()).filter(x -> x == node).count();
      text.append(n == 0 ? "" : ", ").append("n").append(n).append(' ');
      text.append(w).append('w').append(p).append('p');
    }
    return text.toString();
  }

  /**
   * The bundle goes to node 0: f = 0.25 + 0.25 = 0.5. On node 0 a PS (f = 0.25 + 0.125 = 0.375,
   * saving 1 − 0.375/0.5 = 0.25, 2 per share) ties with a bundle (0.25: 0.5 per share 1/4): the PS
   * goes first; then a worker (f = 0.125 + 0.125 = 0.25: 0.333/0.25) beats a third PS (0.333:
   * 0.889) and fills node 0's GPUs and cores (2w2p). On node 1 every single step slows the job: a
   * worker (3w2p, L = 4/6: f = 0.083 + 0.5/2 = 0.333), a PS (2w3p, L = 4/6: 0.125 + 0.5/3 = 0.292)
   * or a bundle (3w3p, L = 5/9, π = 0.583: 0.083 + 0.194 = 0.278), all above 0.25: the single-task
   * greedy ends at n0 2w2p.
   */
  @Test
  void singleTaskStepsStallWhereSpeedIsNotConcave() {
    SlotContext slot = firstSlot();
    IaGreedy.oracle().schedule(slot);
    assertThat(tasks(slot)).isEqualTo("n0 2w2p, n1 0w0p");
  }

  /**
   * With steps of up to 4 tasks, node 1 offers (1w, 3p): 3w5p, L = 7/15, π = 0.65, f = 0.083 +
   * 0.65/5 = 0.213, saving 1 − 0.213/0.25 = 0.147, per share 1/2: 0.293; better than (2w, 2p)
   * (4w4p, L = 1/2: f = 0.0625 + 0.625/4 = 0.219: 0.125/0.5 = 0.25), (1w, 2p) (3w4p, L = 1/2: 0.083
   * + 0.156 = 0.240: 0.042/0.375 = 0.111) and (0w, 4p) (2w6p, L = 1/3: 0.125 + 0.75/6 = 0.25: 0);
   * (2w, 1p) (4w3p: 0.0625 + 0.625/3 = 0.271) and (0w, 3p) (2w5p, L = 0.4: 0.125 + 0.7/5 = 0.265)
   * would slow it. Node 1's cores are then full: the job ends at 3 workers and 5 PSs, 17 % faster.
   */
  @Test
  void aStepOfUpToFourTasksCrossesTheDip() {
    SlotContext slot = firstSlot();
    IaGreedy.oracle("steps", IaGreedy.SHIPPED.withMaxStepTasks(4)).schedule(slot);
    assertThat(tasks(slot)).isEqualTo("n0 2w2p, n1 1w3p");
  }

  /**
   * With steps of up to 3 tasks, (1w, 2p) on node 1 (0.111 per share) is the best step; then one PS
   * more on node 1 (3w5p: f 0.240 → 0.213, saving 0.110, 0.877 per share) reaches the same end.
   */
  @Test
  void aStepOfUpToThreeTasksGetsThereInTwoSteps() {
    SlotContext slot = firstSlot();
    IaGreedy.oracle("steps", IaGreedy.SHIPPED.withMaxStepTasks(3)).schedule(slot);
    assertThat(tasks(slot)).isEqualTo("n0 2w2p, n1 1w3p");
  }

  /**
   * With multi-task steps (and the last-slot rule) the incremental step still picks what revaluing
   * every candidate after each step picks, in both versions.
   */
  @Test
  void theIncrementalMultiStepIsThePlainGreedy() {
    for (IaGreedy.Config config :
        List.of(IaGreedy.MULTI_STEP, IaGreedy.MULTI_STEP.withLastSlot(true))) {
      for (Preset preset : List.of(Presets.PAPER_SMALL_REALISTIC, Presets.PAPER_DENSE_REALISTIC)) {
        Trace trace = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
        long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, 0);
        SimulatedClusters clusters = SimulatedClusters.of(preset);
        assertThat(clusters.open(trace, seed).run(IaGreedy.measured("m", config)))
            .as("measured %s on %s", config, preset.name())
            .isEqualTo(
                clusters
                    .open(trace, seed)
                    .run(
                        IaGreedy.plainReference("m", new MeasuredWorld(IaGreedy.PROFILE), config)));
        assertThat(clusters.open(trace, seed).run(IaGreedy.oracle("o", config)))
            .as("oracle %s on %s", config, preset.name())
            .isEqualTo(
                clusters
                    .open(trace, seed)
                    .run(IaGreedy.plainReference("o", new PlacedDryRuns(), config)));
      }
    }
  }

  /** The steps valued: a worker, a PS, both, then the mixes of 2 to k tasks, each once. */
  @Test
  void theStepsOfUpToKTasks() {
    assertThat(TaskStep.all(true, 1))
        .containsExactly(TaskStep.WORKER, TaskStep.PS, TaskStep.BUNDLE);
    assertThat(TaskStep.all(false, 1)).containsExactly(TaskStep.WORKER, TaskStep.PS);
    assertThat(
            TaskStep.all(true, 3).stream().map(s -> s.workers() + "w" + s.parameterServers() + "p"))
        .containsExactly("1w0p", "0w1p", "1w1p", "2w0p", "0w2p", "3w0p", "2w1p", "1w2p", "0w3p");
  }
}
