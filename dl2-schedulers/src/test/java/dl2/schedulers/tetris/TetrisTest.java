package dl2.schedulers.tetris;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static dl2.schedulers.Scenario.jobOf;
import static dl2.schedulers.Scenario.res;
import static dl2.schedulers.Scenario.runSlots;
import static dl2.schedulers.Scenario.used;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.schedulers.Scenario;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import dl2.speed.SpeedModel;
import org.junit.jupiter.api.Test;

/**
 * Tetris (dl2-spec §6.4). Normalised bundle demands: GPU D = (4/8, 1/2) = (0.5, 0.5), ΣD = 1;
 * CPU-only D = (0.5, 0), ΣD = 0.5. work = ΣD·ρ, align = Σ f_r·D_r, weight = mean(align)/mean(work)
 * over all outstanding jobs, score = align + weight·work.
 */
class TetrisTest {
  private final Tetris tetris = new Tetris();
  private static final SpeedModel TWELVE_PER_WORKER = Scenario.rate((t, p, w) -> 12.0 * w);

  /**
   * 2 nodes, cap 2, 12 epochs/slot per worker. Job 1 (resnet, E 25) alone in slot 0; job 2 (dssm, E
   * 60) arrives in slot 1, when job 1 has P = 24, ρ = 0.04.
   */
  private static Simulator gpuJobNearlyDoneThenCpuJob() {
    return cluster(
        2, 2, TWELVE_PER_WORKER, job(1, JobType.RESNET_50, 0, 25), job(2, JobType.DSSM, 1, 60));
  }

  /** Slot 0: job 1 takes two bundles on node 0 (not nodes 0 and 1, as least-loaded would). */
  @Test
  void nodesAreFilledInIndexOrderNotByLeastLoad() {
    SlotContext slot = decide(gpuJobNearlyDoneThenCpuJob(), tetris);
    assertThat(allocations(slot)).containsExactly("1: 2/2");
    assertThat(used(slot, 0)).isEqualTo(res(8, 2));
  }

  /** Slot 0: at node 1 the only job is at the cap, so node 1 stays empty although it is free. */
  @Test
  void jobsAtTheCapAreSkipped() {
    SlotContext slot = decide(gpuJobNearlyDoneThenCpuJob(), tetris);
    assertThat(used(slot, 1)).isEqualTo(res(0, 0));
  }

  /**
   * Slot 1, node 0 empty: work = (0.04, 0.5), mean 0.27; align = (1, 0.5), mean 0.75; weight =
   * 2.78. Scores: job 1 = 1 + 2.78·0.04 = 1.11, job 2 = 0.5 + 2.78·0.5 = 1.89: the CPU job wins
   * although the GPU job aligns better. Then f = (0.5, 1): align (0.75, 0.25), weight 1.85, scores
   * 0.82 vs 1.18: job 2 again, now at the cap, and node 0 has 8 cores, no GPU, in use.
   */
  @Test
  void theScoreWeighsRemainingWorkAgainstAlignment() {
    Simulator sim = gpuJobNearlyDoneThenCpuJob();
    runSlots(sim, tetris, 1);
    SlotContext slot = decide(sim, tetris);
    assertThat(jobOf(slot, 1).remainingFraction()).isCloseTo(0.04, within(1e-12));
    assertThat(jobOf(slot, 2).workers()).isEqualTo(2);
    assertThat(used(slot, 0)).isEqualTo(res(8, 0));
  }

  /**
   * Slot 1, node 0 with f = (0, 1): align (0.5, 0), weight 0.93 > 0; job 2 is capped, so job 1 is
   * tried and fails (no cores). Tetris leaves node 0 but goes on: node 1 gives job 1 two bundles.
   */
  @Test
  void aFailureLeavesTheNodeButNotTheSlot() {
    Simulator sim = gpuJobNearlyDoneThenCpuJob();
    runSlots(sim, tetris, 1);
    SlotContext slot = decide(sim, tetris);
    assertThat(allocations(slot)).containsExactly("1: 2/2", "2: 2/2");
    assertThat(used(slot, 1)).isEqualTo(res(8, 2));
  }

  /**
   * Job 1: 24 + 24 > 25 in slot 1, φ = 1/24, JCT = 1 + 1/24. Job 2: 24 in slot 1, alone in slot 2
   * (2 bundles on node 0): 48, then 12 of 24 in slot 3: e = 2.5, JCT = 2.5 − 1 + 1 = 2.5.
   */
  @Test
  void jobsCompleteAtTheHandComputedTimes() {
    Simulator sim = gpuJobNearlyDoneThenCpuJob();
    sim.run(tetris);
    assertThat(jcts(sim))
        .satisfiesExactly(
            j -> assertThat(j).isCloseTo(1 + 1.0 / 24, within(1e-12)),
            j -> assertThat(j).isEqualTo(2.5));
  }

  /**
   * Capped jobs still count in the weight. Cap 1, 2 nodes, 8 epochs/slot per worker. Job 1 (resnet,
   * E 10) alone in slot 0: P = 8, ρ = 0.2. Slot 1 adds job 2 (resnet) and job 3 (dssm), ρ = 1. Node
   * 0 empty: align (1, 1, 0.5), work (0.2, 1, 0.5), weight 2.5/1.7; scores 1.29, 2.47, 1.24: job 2,
   * now capped. f = (0.5, 0.5): align (0.5, 0.5, 0.25), weight 1.25/1.7 = 0.735; job 1 = 0.5 +
   * 0.147 = 0.647 beats job 3 = 0.25 + 0.368 = 0.618. (Leaving capped job 2 out of the means would
   * give weight 0.75/0.7 = 1.07 and job 3 = 0.786 > job 1 = 0.714.) Node 0 ends with two GPU
   * bundles; job 3 goes to node 1.
   */
  @Test
  void cappedJobsStillCountInTheWeight() {
    Simulator sim =
        cluster(
            2,
            1,
            Scenario.rate((t, p, w) -> 8.0 * w),
            job(1, JobType.RESNET_50, 0, 10),
            job(2, JobType.RESNET_50, 1, 1000),
            job(3, JobType.DSSM, 1, 1000));
    runSlots(sim, tetris, 1);
    SlotContext slot = decide(sim, tetris);
    assertThat(allocations(slot)).containsExactly("1: 1/1", "2: 1/1", "3: 1/1");
    assertThat(used(slot, 0)).isEqualTo(res(8, 2));
    assertThat(used(slot, 1)).isEqualTo(res(4, 0));
  }

  @Test
  void withNoOutstandingJobNothingIsAllocated() {
    Simulator sim = cluster(2, 2, TWELVE_PER_WORKER, job(1, JobType.RESNET_50, 1, 10));
    SlotContext slot = decide(sim, tetris);
    assertThat(slot.jobs()).isEmpty();
    assertThat(used(slot, 0)).isEqualTo(res(0, 0));
  }

  /**
   * Project choice: a job past its estimate (E 10, E* 30, P 24 after slot 0 at 12 epochs per
   * worker-slot with two workers) has ρ = −1.4, so its work is clamped to 0; with no work left
   * anywhere Tetris still places by alignment instead of leaving every node.
   */
  @Test
  void aJobPastItsEstimateStillGetsBundles() {
    Simulator sim =
        cluster(1, 2, TWELVE_PER_WORKER, new dl2.model.JobSpec(1, JobType.RESNET_50, 0, 10, 30));
    runSlots(sim, tetris, 1);
    SlotContext slot = decide(sim, tetris);
    assertThat(allocations(slot)).containsExactly("1: 2/2");
  }
}
