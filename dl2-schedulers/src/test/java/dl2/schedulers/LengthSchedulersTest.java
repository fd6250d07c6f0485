package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.job;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.registry.Trait;
import dl2.schedulers.lengths.Equi;
import dl2.schedulers.lengths.Gittins;
import dl2.schedulers.lengths.HeSrpt;
import dl2.schedulers.lengths.LengthSchedulers;
import dl2.schedulers.lengths.OptimusRemainingOracle;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.Simulator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The information-matched baselines and the length oracle on a hand-sized cluster: two nodes of 8
 * cores and 2 GPUs hold four bundles (a worker of 2 cores and a GPU, a PS of 2 cores); speeds are
 * 10 epochs per worker-slot.
 */
class LengthSchedulersTest {
  /** Three jobs, four bundles: one each in arrival (then id) order, then the fourth to job 1. */
  @Test
  void equiDealsOneBundlePerJobPerRound() {
    Simulator sim =
        cluster(
            2,
            16,
            Scenario.TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 300),
            job(2, JobType.RESNET_50, 0, 200),
            job(3, JobType.RESNET_50, 0, 100));
    assertThat(allocations(decide(sim, new Equi()))).containsExactly("1: 2/2", "2: 1/1", "3: 1/1");
  }

  /**
   * heSRPT, p = 0.5 (c = 2), 3 jobs, 4 GPUs: θ = 5/9, 3/9, 1/9 smallest first, × 4 = 2.22, 1.33,
   * 0.44: floors 2, 1, 0 and the last bundle to the largest remainder (0.44, the largest job).
   */
  @Test
  void heSrptSharesByRank() {
    assertThat(HeSrpt.shares(3, 4, 0.5)).containsExactly(2, 1, 1);
    assertThat(HeSrpt.shares(1, 4, 0.5)).containsExactly(4);
    assertThat(HeSrpt.shares(2, 4, 0.5)).containsExactly(3, 1); // 3/4·4 = 3, 1/4·4 = 1
  }

  /** The same jobs as EQUI's: remaining 100 < 200 < 300 epochs, so job 3 gets two bundles. */
  @Test
  void heSrptGivesTheSmallestTheLargestShare() {
    Simulator sim =
        cluster(
            2,
            16,
            Scenario.TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 300),
            job(2, JobType.RESNET_50, 0, 200),
            job(3, JobType.RESNET_50, 0, 100));
    assertThat(allocations(decide(sim, new HeSrpt())))
        .containsExactly("1: 1/1", "2: 1/1", "3: 2/2");
  }

  /**
   * Sizes {4, 4, 100} task-slots, one bundle per job, one node (two bundles). Slot 0: job 1 alone.
   * Slot 1: job 1 attained 2 task-slots, index 1/3, above the new jobs' 1/6, so it keeps its bundle
   * and job 2 (arrival, then id) takes the other; least-attained-service would run 2 and 3.
   */
  @Test
  void gittinsRanksByIndexNotByLeastService() {
    Simulator sim =
        cluster(
            1,
            16,
            Scenario.TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 10_000),
            job(2, JobType.RESNET_50, 1, 10_000),
            job(3, JobType.RESNET_50, 1, 10_000));
    Gittins gittins = new Gittins(new double[] {4, 4, 100}, List.of(new Tiresias.Shape(1, 1)));
    assertThat(allocations(decide(sim, gittins))).containsExactly("1: 1/1");
    sim.endSlot();
    assertThat(allocations(decide(sim, gittins))).containsExactly("1: 1/1", "2: 1/1", "3: 0/0");
  }

  /**
   * The shipped rank's value, gain / remaining time = 1 − s0/s1, does not depend on the remaining
   * epochs R: lengths enter only where R ≤ 0, a job past its estimate, which gets no task beyond
   * its first worker and PS. Job 1 is estimated at 5 epochs but needs 1000; after slot 0 (10
   * epochs) it is past its estimate, so in slot 1 optimus-remaining gives it one worker and job 2
   * the three other GPUs, while the oracle, which knows 990 epochs remain, splits them 2 and 2.
   */
  @Test
  void theOracleReadsTheTruthTheGreedyRuleTheEstimate() {
    JobSpec underestimated = new JobSpec(1, JobType.RESNET_50, 0, 5, 1000);
    JobSpec estimatedWell = JobSpec.exact(2, JobType.RESNET_50, 0, 1000);
    Simulator onEstimates = cluster(2, 16, Scenario.TEN_PER_WORKER, underestimated, estimatedWell);
    Scenario.runSlots(onEstimates, new OptimusRemaining(), 1);
    assertThat(allocations(decide(onEstimates, new OptimusRemaining())))
        .containsExactly("1: 1/1", "2: 3/1");
    Simulator onTruth = cluster(2, 16, Scenario.TEN_PER_WORKER, underestimated, estimatedWell);
    Scenario.runSlots(onTruth, OptimusRemainingOracle.create(), 1);
    assertThat(allocations(decide(onTruth, OptimusRemainingOracle.create())))
        .containsExactly("1: 2/1", "2: 2/1");
    assertThat(OptimusRemainingOracle.create().name()).isEqualTo("optimus-remaining-oracle");
  }

  @Test
  void registeredWithWhatTheyRead() {
    assertThat(Schedulers.BUILT_IN.names(Trait.NEEDS_NO_LENGTHS))
        .containsExactly(
            "drf",
            "fifo",
            "tiresias",
            "gavel-max-min",
            "gavel-max-min-oracle",
            "sia-oracle",
            LengthSchedulers.GITTINS,
            LengthSchedulers.EQUI,
            LengthSchedulers.OPTIMUS_REMAINING_POSTERIOR,
            LengthSchedulers.OPTIMUS_LAST_SLOT_POSTERIOR,
            LengthSchedulers.OPTIMUS_FITTED_POSTERIOR,
            LengthSchedulers.IA_GREEDY_POSTERIOR,
            LengthSchedulers.IA_GREEDY_MULTISTEP_POSTERIOR);
    assertThat(Schedulers.BUILT_IN.names(Trait.LENGTH_ORACLE))
        .containsExactly(LengthSchedulers.OPTIMUS_REMAINING_ORACLE);
    assertThat(Schedulers.BUILT_IN.is(LengthSchedulers.OPTIMUS_REMAINING_ORACLE, Trait.ORACLE))
        .isTrue();
    assertThat(Schedulers.BASELINES)
        .doesNotContain(LengthSchedulers.GITTINS, LengthSchedulers.OPTIMUS_REMAINING_ORACLE);
  }
}
