package dl2.schedulers;

import static dl2.schedulers.Scenario.TEN_PER_WORKER;
import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static dl2.schedulers.Scenario.res;
import static dl2.schedulers.Scenario.runSlots;
import static dl2.schedulers.Scenario.used;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/**
 * DRF (dl2-spec §6.1): one bundle at a time to the smallest (dom, a, id); stop at the first
 * failure.
 */
class DrfTest {
  private final Drf drf = new Drf();

  /**
   * 3 nodes, cap 2, two GPU jobs. Keys (0,0,1), (0,0,2): job 1 → node 0, job 2 → node 1; both at
   * dom 1/6, tie → job 1 → node 2 (load 0); job 1 at cap leaves; job 2 → node 0 (all at 1.0, lowest
   * index); job 2 at cap leaves; the queue is empty.
   */
  @Test
  void bundlesAlternateByDominantShareUntilEveryJobReachesTheCap() {
    SlotContext slot =
        decide(
            cluster(
                3,
                2,
                TEN_PER_WORKER,
                job(1, JobType.RESNET_50, 0, 30),
                job(2, JobType.RESNET_50, 0, 45)),
            drf);
    assertThat(allocations(slot)).containsExactly("1: 2/2", "2: 2/2");
    assertThat(used(slot, 0)).isEqualTo(res(8, 2));
    assertThat(used(slot, 1)).isEqualTo(res(4, 1));
    assertThat(used(slot, 2)).isEqualTo(res(4, 1));
  }

  /**
   * Same scenario to the end, 20 epochs/slot at 2/2. Job 1 (E 30): 20, then φ = 10/20, e = 0.5, JCT
   * 1.5. Job 2 (E 45): 20, 40, then alone at 2/2 φ = 5/20, e = 1.25, JCT 2.25.
   */
  @Test
  void jobsCompleteAtTheHandComputedTimes() {
    Simulator sim =
        cluster(
            3,
            2,
            TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 30),
            job(2, JobType.RESNET_50, 0, 45));
    sim.run(drf);
    assertThat(jcts(sim)).containsExactly(1.5, 2.25);
    assertThat(sim.result().makespan()).isEqualTo(2.25);
  }

  /**
   * 2 nodes, slot 1 (slot 0 left idle). Keys (0,1,1), (0,0,2), (0,1,3): job 2 → node 0, job 1 →
   * node 1, job 3 → node 0 (tie at 1.0). All at dom 1/4: job 2 (a 0) → node 1; then job 1 (a 1, id
   * 1) fails on node 0 (full): stop.
   */
  @Test
  void equalSharesGoByArrivalThenId() {
    Simulator sim =
        cluster(
            2,
            16,
            TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 1, 1000),
            job(2, JobType.RESNET_50, 0, 1000),
            job(3, JobType.RESNET_50, 1, 1000));
    sim.beginSlot();
    sim.endSlot();
    SlotContext slot = decide(sim, drf);
    assertThat(allocations(slot)).containsExactly("1: 1/1", "2: 2/2", "3: 1/1");
  }

  /**
   * The §2.3 consequence. Job 1 (dssm) → node 0 (0.5); job 2 (resnet) → node 1 (1.0). Both at dom
   * 1/4 (4 of 16 cores; 1 of 4 GPUs), tie → job 1 → node 0 (0.5 < 1.0): 8 cores, load 1.0. Job 2 →
   * node 0 (tie at 1.0, lower index) fails: the slot ends with room left on node 1.
   */
  @Test
  void theFirstFailureEndsTheSlotEvenIfAnotherNodeHasRoom() {
    SlotContext slot =
        decide(
            cluster(
                2,
                16,
                TEN_PER_WORKER,
                job(1, JobType.DSSM, 0, 1000),
                job(2, JobType.RESNET_50, 0, 1000)),
            drf);
    assertThat(allocations(slot)).containsExactly("1: 2/2", "2: 1/1");
    assertThat(used(slot, 0)).isEqualTo(res(8, 0));
    assertThat(used(slot, 1)).isEqualTo(res(4, 1));
  }

  @Test
  void anEmptySlotAllocatesNothing() {
    Simulator sim = cluster(2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 1, 10));
    SlotContext slot = decide(sim, drf);
    assertThat(used(slot, 0)).isEqualTo(res(0, 0));
    sim.endSlot();
    runSlots(sim, drf, 1);
    assertThat(sim.finished()).isTrue();
  }
}
