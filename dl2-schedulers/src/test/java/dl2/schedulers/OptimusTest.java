package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.jcts;
import static dl2.schedulers.Scenario.job;
import static dl2.schedulers.Scenario.res;
import static dl2.schedulers.Scenario.used;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.simulation.Simulator;
import dl2.slot.JobProgress;
import dl2.slot.SlotContext;
import dl2.speed.SpeedModel;
import org.junit.jupiter.api.Test;

/**
 * Optimus, simulator version (dl2-spec §6.5). Utilities U = R/s0 − R/s' with dry-run epochs per
 * slot; a job without a worker or a PS has utility ∞; PS wins ties; equal utilities pop lower ids.
 */
class OptimusTest {
  private final Optimus optimus = new Optimus();

  /** More tasks never help: every finite utility is R/10 − R/10 = 0. */
  private static final SpeedModel FLAT = Scenario.rate((t, p, w) -> 10.0);

  /**
   * 3 nodes. ∞ entries tie and pop in id order with the role traveling: job 1 worker → node 0
   * (0.75), job 1 PS → node 1 (0), job 2 worker → node 2 (0), job 2 PS → node 1 (0.25, least).
   */
  @Test
  void everyJobFirstGetsAWorkerThenAPsInIdOrder() {
    SlotContext slot =
        decide(
            cluster(
                3, 16, FLAT, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.RESNET_50, 0, 100)),
            optimus);
    assertThat(used(slot, 0)).isEqualTo(res(2, 1));
    assertThat(used(slot, 1)).isEqualTo(res(4, 0));
    assertThat(used(slot, 2)).isEqualTo(res(2, 1));
  }

  /** Same scenario: after the first worker and PS every utility is 0, so the slot stops. */
  @Test
  void theSlotStopsWhenTheBestUtilityIsNotPositive() {
    SlotContext slot =
        decide(
            cluster(
                3, 16, FLAT, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.RESNET_50, 0, 100)),
            optimus);
    assertThat(allocations(slot)).containsExactly("1: 1/1", "2: 1/1");
  }

  /**
   * One node, rate 10·(p + w). At (1, 1): s_w = s_p = 30, U_w = U_p → PS. At (2, 1): s_w = s_p = 40
   * → PS. At (3, 1) the node has 2 + 2·3 = 8 cores in use and the next PS fails.
   */
  @Test
  void aPsWinsAUtilityTie() {
    SlotContext slot =
        decide(
            cluster(
                1,
                16,
                Scenario.rate((t, p, w) -> 10.0 * (p + w)),
                job(1, JobType.RESNET_50, 0, 100)),
            optimus);
    assertThat(allocations(slot)).containsExactly("1: 1/3");
    assertThat(used(slot, 0)).isEqualTo(res(8, 1));
  }

  /**
   * 3 nodes, cap 3, rate 10·w (a PS adds nothing). After the ∞ phase (1w n0, 1p n1, 2w n2, 2p n1):
   * job 1 (E 90) U_w = 9 − 4.5 = 4.5 → worker on n1; job 1 at 1.5 ties job 2 (E 30) at 3 − 1.5 =
   * 1.5 → job 1 worker on n0 (tie 0.75, lower index); job 1 now 0.75 < job 2 1.5 → job 2 worker on
   * n2; job 1 pops at 0.75 with its worker role at the cap → dropped although its PS role has room;
   * job 2 (0.5) worker on n1 (1.25, least); job 2 at 0.25 is at the cap → dropped; queue empty.
   */
  @Test
  void aJobWhoseRoleIsAtTheCapIsDroppedAndTheNextEntryGoesOn() {
    SlotContext slot = decide(threeNodesWorkerHungryJobs(), optimus);
    assertThat(allocations(slot)).containsExactly("1: 3/1", "2: 3/1");
    assertThat(used(slot, 0)).isEqualTo(res(4, 2));
    assertThat(used(slot, 1)).isEqualTo(res(8, 2));
    assertThat(used(slot, 2)).isEqualTo(res(4, 2));
  }

  /**
   * Job 2 finishes its 30 epochs exactly in slot 0 (JCT 1); job 1 runs 30/slot: 30, 60, 90 (JCT 3).
   */
  @Test
  void jobsCompleteAtTheHandComputedTimes() {
    Simulator sim = threeNodesWorkerHungryJobs();
    sim.run(optimus);
    assertThat(jcts(sim)).containsExactly(3.0, 1.0);
  }

  private static Simulator threeNodesWorkerHungryJobs() {
    return cluster(
        3,
        3,
        Scenario.TEN_PER_WORKER,
        job(1, JobType.RESNET_50, 0, 90),
        job(2, JobType.RESNET_50, 0, 30));
  }

  /**
   * 2 nodes. 1w dssm → n0 (0.25); 1p → n1 (0.25); 2w resnet → n0 (tie) = 4c1g (1.0); 2p → n1 (0.5);
   * 3w dssm → n1 (0.75); 3p → n1 = 8c (1.0); 4w resnet → n0 (tie at 1.0) = 6c2g; 4p → n1 (1.0 <
   * 1.75) fails: the slot stops with job 4 holding a worker only.
   */
  @Test
  void aFailureStopsTheSlotAndAJobWithOnlyAWorkerMakesNoProgress() {
    Simulator sim =
        cluster(
            2,
            16,
            FLAT,
            job(1, JobType.DSSM, 0, 100),
            job(2, JobType.RESNET_50, 0, 100),
            job(3, JobType.DSSM, 0, 100),
            job(4, JobType.RESNET_50, 0, 100));
    SlotContext slot = decide(sim, optimus);
    assertThat(allocations(slot)).containsExactly("1: 1/1", "2: 1/1", "3: 1/1", "4: 1/0");
    assertThat(used(slot, 0)).isEqualTo(res(6, 2));
    assertThat(used(slot, 1)).isEqualTo(res(8, 0));
    assertThat(sim.endSlot().progress())
        .filteredOn(p -> p.jobId() == 4)
        .containsExactly(new JobProgress(4, 0, 1, 0, 1, 0, false));
  }
}
