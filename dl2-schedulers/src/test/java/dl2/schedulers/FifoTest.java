package dl2.schedulers;

import static dl2.schedulers.Scenario.TEN_PER_WORKER;
import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static dl2.schedulers.Scenario.res;
import static dl2.schedulers.Scenario.used;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/** FIFO (dl2-spec §6.2): (a, id) order, up to C bundles each, the first failure ends the slot. */
class FifoTest {
  private final Fifo fifo = new Fifo();

  private static Simulator threeJobsOnTwoNodes() {
    return cluster(
        2,
        3,
        TEN_PER_WORKER,
        job(1, JobType.RESNET_50, 0, 60),
        job(2, JobType.RESNET_50, 0, 25),
        job(3, JobType.RESNET_50, 0, 10));
  }

  /**
   * 2 nodes, cap 3. Job 1 → nodes 0, 1, 0 and reaches the cap; job 2 → node 1 (1.0 < 2.0), then
   * node 0 (tie at 2.0) fails: the slot ends and job 3 gets nothing.
   */
  @Test
  void theFirstJobFillsToTheCapThenHandsOverUntilAFailure() {
    SlotContext slot = decide(threeJobsOnTwoNodes(), fifo);
    assertThat(allocations(slot)).containsExactly("1: 3/3", "2: 1/1", "3: 0/0");
    assertThat(used(slot, 0)).isEqualTo(res(8, 2));
    assertThat(used(slot, 1)).isEqualTo(res(8, 2));
  }

  /**
   * Slots 0 and 1 as above: job 1 at 30/slot lands exactly on 60 (e 1, JCT 2); job 2 reaches 20.
   * Slot 2: job 2 takes 3 bundles, 20 + 30 > 25, φ = 5/30, JCT 2 + 1/6; job 3 gets one bundle on
   * node 1 and lands exactly on 10 (e 2, JCT 3).
   */
  @Test
  void jobsCompleteAtTheHandComputedTimes() {
    Simulator sim = threeJobsOnTwoNodes();
    sim.run(fifo);
    assertThat(jcts(sim))
        .satisfiesExactly(
            j -> assertThat(j).isEqualTo(2.0),
            j -> assertThat(j).isCloseTo(2 + 1.0 / 6, within(1e-12)),
            j -> assertThat(j).isEqualTo(3.0));
  }

  /** Job 2 arrived first (slot 0), so in slot 1 it fills first although job 1 has the lower id. */
  @Test
  void theEarlierArrivalGoesFirstWhateverItsId() {
    Simulator sim =
        cluster(
            2,
            3,
            TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 1, 1000),
            job(2, JobType.RESNET_50, 0, 1000));
    sim.beginSlot();
    sim.endSlot();
    assertThat(allocations(decide(sim, fifo))).containsExactly("1: 1/1", "2: 3/3");
  }

  /** Equal arrivals: the lower id first. Cap 2 on 2 nodes: job 1 two bundles, job 2 two. */
  @Test
  void equalArrivalsGoByIdAndEachStopsAtTheCap() {
    SlotContext slot =
        decide(
            cluster(
                3,
                2,
                TEN_PER_WORKER,
                job(1, JobType.DSSM, 0, 1000),
                job(2, JobType.RESNET_50, 0, 1000)),
            fifo);
    // Job 1 → node 0, node 1 (0.5 each); job 2 → node 2, node 0 (0.5 < 1.0).
    assertThat(allocations(slot)).containsExactly("1: 2/2", "2: 2/2");
    assertThat(used(slot, 0)).isEqualTo(res(8, 1));
    assertThat(used(slot, 1)).isEqualTo(res(4, 0));
    assertThat(used(slot, 2)).isEqualTo(res(4, 1));
  }
}
