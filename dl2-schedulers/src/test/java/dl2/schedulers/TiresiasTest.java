package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.job;
import static dl2.schedulers.Scenario.runSlots;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.schedulers.Tiresias.Config;
import dl2.schedulers.Tiresias.Shape;
import dl2.simulation.Simulator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tiresias: order by (queue of attained task-slots, arrival, id), then fill each shape of the
 * ladder for every job in that order; a failed placement ends the slot. Jobs are long (E 10,000 at
 * 10 epochs per worker-slot), so none completes.
 */
class TiresiasTest {
  private static final List<Shape> ONE_BUNDLE = List.of(new Shape(1, 1));

  private static Tiresias tiresias(List<Double> thresholds, List<Shape> levels, double knob) {
    return new Tiresias(new Config(thresholds, levels, knob));
  }

  /**
   * 2 nodes, ladder 1w+1p → 1w+4p. Slot 0: job 1 alone takes 1/4 (5 task-slots ≥ 2: queue 1). Slot
   * 1, job 2 (queue 0) first: bundles 2 → n0, 1 → n1; level 2: job 2's PSs → n0 (tie), n1, n0 (8c);
   * job 1's PS → n1 (8c), the next → n0 fails.
   */
  @Test
  void theLeastServedQueueGrowsFirst() {
    Simulator sim =
        cluster(
            2,
            16,
            Scenario.TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 10_000),
            job(2, JobType.RESNET_50, 1, 10_000));
    Tiresias scheduler = tiresias(List.of(2.0), List.of(new Shape(1, 1), new Shape(1, 4)), 0);
    assertThat(allocations(decide(sim, scheduler))).containsExactly("1: 1/4");
    sim.endSlot();
    assertThat(allocations(decide(sim, scheduler))).containsExactly("1: 1/2", "2: 1/4");
  }

  /** The same with one queue: FIFO, so job 1 grows first and job 2 gets the PS that is left. */
  @Test
  void oneQueueIsFifo() {
    Simulator sim =
        cluster(
            2,
            16,
            Scenario.TEN_PER_WORKER,
            job(1, JobType.RESNET_50, 0, 10_000),
            job(2, JobType.RESNET_50, 1, 10_000));
    Tiresias scheduler = tiresias(List.of(), List.of(new Shape(1, 1), new Shape(1, 4)), 0);
    runSlots(sim, scheduler, 1);
    assertThat(allocations(decide(sim, scheduler))).containsExactly("1: 1/4", "2: 1/2");
  }

  /**
   * 1 node (two GPU bundles), one bundle per job, threshold 3. Slots 0, 1: jobs 1, 2 (service 2,
   * then 4: queue 1); job 3 (arrives 1) fails and ends slot 1. Slot 2: jobs 3, 4 (queue 0). Slot 3:
   * jobs 3 and 4 have service 2 (queue 0) and run again, while jobs 1 and 2 have waited 1 slot
   * after running 2.
   */
  @Test
  void withoutTheGuardTheLeastServedJobsKeepRunning() {
    Simulator sim = fourJobsOnOneNode();
    Tiresias scheduler = tiresias(List.of(3.0), ONE_BUNDLE, 0);
    runSlots(sim, scheduler, 3);
    assertThat(allocations(decide(sim, scheduler)))
        .containsExactly("1: 0/0", "2: 0/0", "3: 1/1", "4: 1/1");
  }

  /**
   * With knob 0.5, jobs 1 and 2 (waited 1 ≥ 0.5 × 2 slots run) move to queue 0 and win on arrival.
   */
  @Test
  void theStarvationGuardMovesWaitingJobsToTheFirstQueue() {
    Simulator sim = fourJobsOnOneNode();
    Tiresias scheduler = tiresias(List.of(3.0), ONE_BUNDLE, 0.5);
    runSlots(sim, scheduler, 3);
    assertThat(allocations(decide(sim, scheduler)))
        .containsExactly("1: 1/1", "2: 1/1", "3: 0/0", "4: 0/0");
  }

  private static Simulator fourJobsOnOneNode() {
    return cluster(
        1,
        16,
        Scenario.TEN_PER_WORKER,
        job(1, JobType.RESNET_50, 0, 10_000),
        job(2, JobType.RESNET_50, 0, 10_000),
        job(3, JobType.RESNET_50, 1, 10_000),
        job(4, JobType.RESNET_50, 2, 10_000));
  }

  /**
   * A scheduler reused for a new simulation (slot numbers start again) forgets the old service: the
   * second run's slot 1 gives jobs 1 and 2 their bundles as a fresh scheduler does (kept service
   * would put them behind job 3), and slot 3 is the hand-computed one above.
   */
  @Test
  void aNewSimulationStartsWithNoService() {
    Tiresias scheduler = tiresias(List.of(3.0), ONE_BUNDLE, 0);
    runSlots(fourJobsOnOneNode(), scheduler, 4);
    Simulator second = fourJobsOnOneNode();
    runSlots(second, scheduler, 1);
    assertThat(allocations(decide(second, scheduler)))
        .containsExactly("1: 1/1", "2: 1/1", "3: 0/0");
    second.endSlot();
    runSlots(second, scheduler, 1);
    assertThat(allocations(decide(second, scheduler)))
        .containsExactly("1: 0/0", "2: 0/0", "3: 1/1", "4: 1/1");
  }
}
