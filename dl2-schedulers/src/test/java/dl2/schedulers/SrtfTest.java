package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static dl2.schedulers.Scenario.jobOf;
import static dl2.schedulers.Scenario.runSlots;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import dl2.speed.SpeedModel;
import org.junit.jupiter.api.Test;

/** SRTF (dl2-spec §6.3): as FIFO, ordered by the remaining fraction ρ = 1 − P/E, then (a, id). */
class SrtfTest {
  private final Srtf srtf = new Srtf();
  private static final SpeedModel HUNDRED_PER_WORKER = Scenario.rate((t, p, w) -> 100.0 * w);

  /**
   * One node, cap 2, 100 epochs/slot per worker. Job 1 (E 1000) runs alone for slots 0–3 at 2/2: P
   * = 800, ρ = 0.2, 200 epochs left. Job 2 (E 150) arrives in slot 4: ρ = 1, 150 epochs left. By
   * fraction job 1 goes first and fills the node; job 2's bundle fails.
   */
  private static Simulator shortFractionLongEpochs() {
    return cluster(
        1,
        2,
        HUNDRED_PER_WORKER,
        job(1, JobType.RESNET_50, 0, 1000),
        job(2, JobType.RESNET_50, 4, 150));
  }

  @Test
  void theSmallestRemainingFractionGoesFirstNotTheFewestRemainingEpochs() {
    Simulator sim = shortFractionLongEpochs();
    runSlots(sim, srtf, 4);
    SlotContext slot = decide(sim, srtf);
    assertThat(jobOf(slot, 1).progress()).isEqualTo(800);
    assertThat(allocations(slot)).containsExactly("1: 2/2", "2: 0/0");
  }

  /**
   * Job 1 lands exactly on 1000 in slot 4 (JCT 5); job 2 then needs 150 of 200: e = 4.75, JCT 1.75.
   */
  @Test
  void jobsCompleteAtTheHandComputedTimes() {
    Simulator sim = shortFractionLongEpochs();
    sim.run(srtf);
    assertThat(jcts(sim)).containsExactly(5.0, 1.75);
  }

  /** In slot 0 both fractions are 1: (a, id) decides. Cap 3 on 2 nodes: job 1 3/3, job 2 1/1. */
  @Test
  void equalFractionsGoByArrivalThenIdAndHandOverAtTheCap() {
    SlotContext slot =
        decide(
            cluster(
                2,
                3,
                HUNDRED_PER_WORKER,
                job(1, JobType.RESNET_50, 0, 5000),
                job(2, JobType.RESNET_50, 0, 100),
                job(3, JobType.RESNET_50, 0, 100)),
            srtf);
    assertThat(allocations(slot)).containsExactly("1: 3/3", "2: 1/1", "3: 0/0");
  }

  /**
   * After slot 0 (job 1: 300/5000 done, ρ 0.94; job 2: 100/100 done), job 3 (ρ 1) is the only other
   * job and comes second: job 1 3/3, job 3 1/1.
   */
  @Test
  void aJobWithASmallerRemainingFractionOvertakesALowerId() {
    Simulator sim =
        cluster(
            2,
            3,
            HUNDRED_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 5000),
            job(2, JobType.RESNET_50, 0, 1000),
            job(3, JobType.RESNET_50, 1, 100));
    runSlots(sim, srtf, 1);
    // Slot 0: job 1 3/3 (300 epochs, ρ 0.94), job 2 1/1 (100 epochs, ρ 0.9). Slot 1: job 3 ρ 1.
    SlotContext slot = decide(sim, srtf);
    assertThat(allocations(slot)).containsExactly("1: 1/1", "2: 3/3", "3: 0/0");
  }
}
