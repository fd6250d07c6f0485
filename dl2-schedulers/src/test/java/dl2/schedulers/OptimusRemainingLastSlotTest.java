package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.schedulers.OptimusRemaining.Rank;
import dl2.simulation.Simulator;
import dl2.speed.SpeedModel;
import org.junit.jupiter.api.Test;

/**
 * optimus-last-slot: the saved fraction (t0 − t1)/t0 of optimus-remaining, except that a job
 * finishing inside the slot (t0 < 1) is valued by the slots it saves, t0 − t1 (the value is gain /
 * max(t0, 1)).
 */
class OptimusRemainingLastSlotTest {
  /**
   * resnet-50 runs 10·w epochs per slot, vgg-16 30 + 20·(w − 1), inception-bn 10 whatever its
   * tasks; PSs add nothing.
   */
  private static final SpeedModel RATES =
      Scenario.rate(
          (t, p, w) ->
              t == JobType.RESNET_50 ? 10.0 * w : t == JobType.VGG_16 ? 30.0 + 20 * (w - 1) : 10);

  /**
   * Two nodes (16 cores, 4 GPUs): the three first workers and PSs take 12 cores and 3 GPUs, leaving
   * one GPU for one more worker. Job 1 (E 5): t0 = 0.5, t1 = 0.25 with a second worker. Job 2 (E
   * 100): t0 = 3.333, t1 = 2. Job 3 gains nothing.
   */
  private static Simulator oneSpareGpu() {
    return cluster(
        2,
        3,
        RATES,
        job(1, JobType.RESNET_50, 0, 5),
        job(2, JobType.VGG_16, 0, 100),
        job(3, JobType.INCEPTION_BN, 0, 100));
  }

  /**
   * Saved fractions: job 1 1 − 10/20 = 0.5, job 2 1 − 30/50 = 0.4: optimus-remaining gives the
   * spare GPU to job 1; job 2's worker then finds no GPU and the slot ends.
   */
  @Test
  void theFractionRuleGivesTheSpareGpuToTheJobThatFinishesInTheSlot() {
    assertThat(allocations(decide(oneSpareGpu(), new OptimusRemaining())))
        .containsExactly("1: 2/1", "2: 1/1", "3: 1/1");
  }

  /**
   * Last slot: job 1 saves 0.5 − 0.25 = 0.25 slots of JCT, less than job 2's 0.4 (its t0 > 1 keeps
   * the fraction), so job 2 gets the spare GPU.
   */
  @Test
  void theLastSlotRuleGivesItToTheJobThatSavesMoreTime() {
    assertThat(allocations(decide(oneSpareGpu(), OptimusRemaining.lastSlot())))
        .containsExactly("1: 1/1", "2: 2/1", "3: 1/1");
  }

  /**
   * Slot 0 under the last-slot rule: job 1 finishes at 0.5; job 2 reaches 50 epochs. From slot 1
   * two GPUs are spare: job 2 (R 50: t0 = 1.667) takes both (3 workers, the cap, at 70/slot), so it
   * finishes at 1 + 50/70. Under the fraction rule job 1 finishes at 0.25, job 2 makes 30 in slot 0
   * and then 70 per slot: R 70 → 1 + 1 = 2. Mean JCT of jobs 1 and 2: (0.5 + 1.714) / 2 = 1.107
   * against (0.25 + 2) / 2 = 1.125.
   */
  @Test
  void theJobsCompleteAtTheHandComputedTimes() {
    Simulator lastSlot = oneSpareGpu();
    lastSlot.run(OptimusRemaining.lastSlot());
    assertThat(jcts(lastSlot).subList(0, 2))
        .usingElementComparator((a, b) -> Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b))
        .containsExactly(0.5, 1 + 50.0 / 70);
    Simulator fraction = oneSpareGpu();
    fraction.run(new OptimusRemaining());
    assertThat(jcts(fraction).subList(0, 2))
        .usingElementComparator((a, b) -> Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b))
        .containsExactly(0.25, 2.0);
  }

  /** gain / max(t0, 1): the fraction when t0 ≥ 1, the slots saved inside the last slot. */
  @Test
  void theRankIsTheGainOverTheRemainingTimeButAtLeastOneSlot() {
    assertThat(Rank.GAIN_WITHIN_LAST_SLOT.value(5, 10, 100, 0.25)).isEqualTo(0.5);
    assertThat(Rank.GAIN_WITHIN_LAST_SLOT.value(0.25, 0.5, 5, 0.25)).isEqualTo(0.25);
    assertThat(Rank.GAIN_WITHIN_LAST_SLOT.value(0.5, 1, 5, 0.25)).isEqualTo(0.5);
  }
}
