package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.lengths.LengthPosterior;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.schedulers.OptimusRemaining;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.WorldParameters;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.speed.SplitSpeedModel;
import dl2.workload.LengthError;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ia-greedy on hand-computed slots, in a world of round numbers: every job computes 1/w s and
 * communicates 1 s per sample (so a PS never helps), λ = 0.25, no per-job variation or fluctuation;
 * with T = 115 s a resnet-50 job does its samples per second in epochs per slot. Nodes have 8 cores
 * and 2 GPUs; a worker's dominant share on 2 nodes is 1/4 (a GPU of 4).
 */
class IaGreedyTest {
  private static final JobType RESNET = JobType.RESNET_50;
  private static final JobType VGG = JobType.VGG_16;

  /** Compute 1/w, communication 1 second per sample. */
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
   * Every co-located throughput 1 (no interference) except resnet-50 next to anything: s = 0.25.
   */
  private static RealisticWorld world() {
    double[][] s = new double[8][8];
    for (double[] row : s) {
      Arrays.fill(row, 1);
    }
    Arrays.fill(s[RESNET.ordinal()], 0.25);
    return new RealisticWorld(new WorldParameters(0, 0, 0, 0.25, 0, s, List.of(), Map.of()));
  }

  private static Simulator simulator(int nodes, int cap, JobSpec... jobs) {
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(nodes), cap, 115, 0, 1000).withWorld(world());
    return new Simulator(config, new Trace("hand", List.of(jobs)), ROUND, 1);
  }

  private static String placement(SlotContext slot, int id) {
    SlotJob job =
        (SlotJob) slot.jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
    return "workers on "
        + Arrays.toString(job.workerNodes())
        + ", PSs on "
        + Arrays.toString(job.psNodes());
  }

  /**
   * One resnet-50 job, cap 4, on 2 nodes. Its bundle goes to node 0 (L = 1, π = 0.25): 1/(1 + 0.25)
   * = 0.8. A second worker there keeps L = 1: 1/(0.5 + 0.25) = 1.333, saving 1 − 0.8/1.333 = 0.4 of
   * its remaining time, 1.6 per share; on node 1 it would make L = 1/2 (π = 0.625): 1/(0.5 + 0.625)
   * = 0.889, saving 0.1; a PS saves nothing. Then node 0 has no GPU left, and a third worker on
   * node 1 (L = 2/3, π = 0.5: 1/(1/3 + 0.5) = 1.2) or a bundle there (L = 1/2: 1/(1/3 + 0.625) =
   * 1.04) would slow it: the slot ends with 2 workers and a PS on node 0. optimus-remaining, which
   * knows the job's isolated curve 1/(1/w + 1) but not where its tasks run, takes workers up to the
   * cap on the least-loaded nodes.
   */
  @Test
  void theOracleKeepsAJobWhereItsPairsAreLocal() {
    SlotContext slot = simulator(2, 4, JobSpec.exact(1, RESNET, 0, 1000)).beginSlot();
    IaGreedy.oracle().schedule(slot);
    assertThat(placement(slot, 1)).isEqualTo("workers on [0, 0], PSs on [0]");
    SlotContext other = simulator(2, 4, JobSpec.exact(1, RESNET, 0, 1000)).beginSlot();
    new OptimusRemaining().schedule(other);
    assertThat(placement(other, 1)).isEqualTo("workers on [0, 1, 0, 1], PSs on [1]");
  }

  /**
   * The posterior belief keeps a job that outlived its estimate in the greedy's race. The job of
   * {@link #theOracleKeepsAJobWhereItsPairsAreLocal} is estimated at 1 epoch but needs 1000: in
   * slot 0 (R = 1 > 0, and the saved fraction 1 − s₀/s₁ does not depend on R) it takes 2 workers
   * and a PS on node 0 and does 1/(0.5 + 0.25) = 1.333 epochs; in slot 1 it is past its estimate (R
   * = 1 − 1.333 < 0), so on the estimate no task saves it anything and it keeps only the worker and
   * PS every job gets; believing the posterior of a prior {1000} (R = 1000 − 1.333 = 998.67 under
   * the calibrated error, the only prior length above its progress), it gets the same 2 workers and
   * a PS as in slot 0.
   */
  @Test
  void thePosteriorKeepsAJobPastItsEstimateInTheRace() {
    JobSpec underestimated = new JobSpec(1, RESNET, 0, 1, 1000);
    LengthPosterior posterior = new LengthPosterior(new double[] {1000}, LengthError.CALIBRATED);
    assertThat(posterior.expectedRemainingEpochs(4 / 3.0, 1))
        .isCloseTo(1000 - 4 / 3.0, within(1e-9));
    OptimusRemaining.RemainingEpochs believed =
        job -> posterior.expectedRemainingEpochs(job.progress(), job.epochs());
    String[] onEstimate = twoSlots(underestimated, IaGreedy.oracle());
    assertThat(onEstimate[0]).isEqualTo("workers on [0, 0], PSs on [0]");
    assertThat(onEstimate[1]).isEqualTo("workers on [0], PSs on [0]");
    String[] onPosterior =
        twoSlots(underestimated, IaGreedy.oracle().believing("posterior", believed));
    assertThat(onPosterior)
        .containsExactly("workers on [0, 0], PSs on [0]", "workers on [0, 0], PSs on [0]");
  }

  private static String[] twoSlots(JobSpec job, IaGreedy greedy) {
    Simulator sim = simulator(2, 4, job);
    SlotContext first = sim.beginSlot();
    greedy.schedule(first);
    String slot0 = placement(first, 1);
    sim.endSlot();
    SlotContext second = sim.beginSlot();
    greedy.schedule(second);
    return new String[] {slot0, placement(second, 1)};
  }

  /**
   * Jobs 1 (resnet-50, which every co-located task slows: s = 0.25), 2 (vgg-16, never slowed) and 3
   * (vgg-16) on 2 nodes. Jobs 1 and 2 take the empty nodes 0 and 1 with their bundles; job 3's
   * bundle must share one: next to job 1 its two tasks would add 2 × 3 to job 1's communication
   * factor (1/(1 + 0.25·7) = 0.364 against 0.8: a change of 1 − 0.8/0.364 = −1.2), next to job 2
   * they cost nothing: node 1, although node 0 has the lower index.
   */
  @Test
  void aJobGoesWhereItSlowsNoOne() {
    SlotContext slot =
        simulator(
                2,
                4,
                JobSpec.exact(1, RESNET, 0, 1000),
                JobSpec.exact(2, VGG, 0, 1000),
                JobSpec.exact(3, VGG, 0, 1000))
            .beginSlot();
    IaGreedy.oracle().schedule(slot);
    assertThat(placement(slot, 1)).startsWith("workers on [0");
    assertThat(placement(slot, 2)).startsWith("workers on [1");
    assertThat(placement(slot, 3)).isEqualTo("workers on [1], PSs on [1]");
  }

  /**
   * The observation-only version never asks for a speed: it runs the same on a cluster without dry
   * runs.
   */
  @Test
  void theMeasuredVersionNeedsNoDryRun() {
    Preset preset = Presets.PAPER_SMALL_REALISTIC;
    Trace trace = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
    long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, 0);
    SimulatedClusters clusters = SimulatedClusters.of(preset);
    SimulationResult withDryRuns = clusters.open(trace, seed).run(IaGreedy.measured());
    SimulationResult without =
        clusters.observationOnly().open(trace, seed).run(IaGreedy.measured());
    assertThat(without).isEqualTo(withDryRuns);
  }

  /**
   * The incremental step picks what revaluing every candidate after each task picks, in both
   * versions.
   */
  @Test
  void theIncrementalStepIsThePlainGreedy() {
    for (Preset preset :
        List.of(
            Presets.PAPER_SMALL_REALISTIC, Presets.PAPER_DENSE_REALISTIC, Presets.PAPER_TESTBED)) {
      Trace trace = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
      long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, 0);
      SimulatedClusters clusters = SimulatedClusters.of(preset);
      assertThat(clusters.open(trace, seed).run(IaGreedy.measured()))
          .as("ia-greedy on %s", preset.name())
          .isEqualTo(
              clusters
                  .open(trace, seed)
                  .run(
                      IaGreedy.plainReference(
                          "ia-greedy", new MeasuredWorld(IaGreedy.PROFILE), IaGreedy.SHIPPED)));
      assertThat(clusters.open(trace, seed).run(IaGreedy.oracle()))
          .as("ia-greedy-oracle on %s", preset.name())
          .isEqualTo(
              clusters
                  .open(trace, seed)
                  .run(
                      IaGreedy.plainReference(
                          "ia-greedy-oracle", new PlacedDryRuns(), IaGreedy.SHIPPED)));
    }
  }

  /**
   * A run started afresh (the slot number goes back) forgets everything measured: a reused instance
   * gives a fresh one's result.
   */
  @Test
  void aReusedInstanceStartsAfresh() {
    Preset preset = Presets.PAPER_SMALL_REALISTIC;
    List<Trace> traces = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, 2);
    SimulatedClusters clusters = SimulatedClusters.of(preset);
    IaGreedy reused = IaGreedy.measured();
    clusters.open(traces.get(0), 1).run(reused);
    assertThat(clusters.open(traces.get(1), 2).run(reused))
        .isEqualTo(clusters.open(traces.get(1), 2).run(IaGreedy.measured()));
  }
}
