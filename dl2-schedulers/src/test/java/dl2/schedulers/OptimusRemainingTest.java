package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.schedulers.OptimusRemaining.Rank;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import dl2.speed.SpeedModel;
import org.junit.jupiter.api.Test;

/**
 * optimus-remaining: Optimus' loop, but a task's value is the fraction of the job's remaining time
 * it saves, (t0 − t1)/t0 = 1 − s0/s', with t = R/s in slots from dry-run rates.
 */
class OptimusRemainingTest {
  /**
   * Job 1 (resnet-50, E 100) runs 10·w epochs per slot; job 2 (vgg-16, E 20) runs 10·(2w − 1), so a
   * second worker triples it. A PS adds nothing to either.
   */
  private static final SpeedModel RATES =
      Scenario.rate((t, p, w) -> t == JobType.RESNET_50 ? 10.0 * w : 10.0 * (2 * w - 1));

  private static Simulator twoNodesLongAndShortJob() {
    return cluster(2, 3, RATES, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.VGG_16, 0, 20));
  }

  /**
   * First tasks: 1w → n0, 1p → n1, 2w → n1 (0.25), 2p → n0; both nodes then hold 4c1g (load 1.0).
   * Values: job 1 at w 1 → 2: 1 − 10/20 = 0.5 (Optimus' gain 10 − 5 = 5); job 2: 1 − 10/30 = 0.667
   * (gain 2 − 0.667 = 1.333). Job 2's worker → n0; then job 2 at 1 − 30/50 = 0.4 < job 1's 0.5 →
   * job 1's worker → n1; job 1 at 1 − 20/30 = 0.333 < job 2's 0.4 → job 2's third worker goes to n0
   * (tie at 1.75, lower index), which has no GPU left: the slot ends.
   */
  @Test
  void theTaskGoesToTheLargestFractionOfRemainingTimeSaved() {
    SlotContext slot = decide(twoNodesLongAndShortJob(), new OptimusRemaining());
    assertThat(allocations(slot)).containsExactly("1: 2/1", "2: 2/1");
  }

  /**
   * Optimus on the same slot: job 1's gains 10 − 5 = 5 and then 5 − 3.333 = 1.667 beat job 2's
   * 1.333, so job 1 takes both spare GPUs (n0, n1); its fourth worker is past the cap, and job 2's
   * second worker fails on n0.
   */
  @Test
  void optimusGivesTheSameTasksToTheLongerJob() {
    SlotContext slot = decide(twoNodesLongAndShortJob(), new Optimus());
    assertThat(allocations(slot)).containsExactly("1: 3/1", "2: 1/1");
  }

  /**
   * optimus-remaining: slot 0 job 1 +20 (P 20), job 2 +30 ≥ 20 → done at φ = 2/3 (JCT 0.667). Job 1
   * alone then takes 3 workers (the cap): 50, 80, then 110 > 100 in slot 3 → φ = 20/30, JCT 3.667.
   * Optimus: slot 0 job 1 3w (P 30), job 2 1w (P 10); slot 1 the same (job 1 R 70: gains 3.5 and
   * 1.167 beat job 2's 0.667): job 1 P 60, job 2 P 20 → done at the slot's end (JCT 2); job 1 90,
   * then 120 > 100 in slot 3 → φ = 1/3, JCT 3.333. Averages 2.167 against 2.667.
   */
  @Test
  void jobsCompleteAtTheHandComputedTimes() {
    Simulator remaining = twoNodesLongAndShortJob();
    remaining.run(new OptimusRemaining());
    assertThat(jcts(remaining))
        .usingElementComparator((a, b) -> Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b))
        .containsExactly(3 + 2.0 / 3, 2.0 / 3);
    Simulator optimus = twoNodesLongAndShortJob();
    optimus.run(new Optimus());
    assertThat(jcts(optimus))
        .usingElementComparator((a, b) -> Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b))
        .containsExactly(3 + 1.0 / 3, 2.0);
  }

  /**
   * Job 1 estimates 10 epochs but runs 100: slot 0 gives it 3 workers (P 30 ≥ E), so in slot 1 its
   * remaining estimate is not positive and it gets its first worker and PS only, as under Optimus.
   */
  @Test
  void aJobPastItsEstimateGetsOnlyItsFirstTasks() {
    Simulator sim = cluster(2, 3, RATES, new JobSpec(1, JobType.RESNET_50, 0, 10, 100));
    decide(sim, new OptimusRemaining());
    sim.endSlot();
    assertThat(allocations(decide(sim, new OptimusRemaining()))).containsExactly("1: 1/1");
  }

  /** Each candidate rank on gain 5 slots, t0 10 slots, R 100 epochs, task share 0.25. */
  @Test
  void theCandidateRanks() {
    assertThat(Rank.GAIN.value(5, 10, 100, 0.25)).isEqualTo(5);
    assertThat(Rank.GAIN_PER_REMAINING_TIME.value(5, 10, 100, 0.25)).isEqualTo(0.5);
    assertThat(Rank.GAIN_PER_REMAINING_TIME_AND_SHARE.value(5, 10, 100, 0.25)).isEqualTo(2);
    assertThat(Rank.GAIN_PER_SQUARED_REMAINING_TIME.value(5, 10, 100, 0.25))
        .isCloseTo(0.05, within(1e-15));
    assertThat(Rank.GAIN_PER_REMAINING_WORK.value(5, 10, 100, 0.25)).isEqualTo(0.05);
  }
}
