package dl2.schedulers;

import static dl2.schedulers.Scenario.allocations;
import static dl2.schedulers.Scenario.cluster;
import static dl2.schedulers.Scenario.decide;
import static dl2.schedulers.Scenario.job;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Optimus as published (dl2-spec §6.6): profiling slots, then a greedy allocation on the fitted
 * speeds by remaining-time reduction per dominant share. Allocations read "id: workers/PSs".
 */
class OptimusFittedTest {
  /** Epochs per slot 1/(0.1/w + 0.01): more workers help less and less, a PS never helps. */
  private static final SpeedModel WORKER_BOUND = Scenario.rate((t, p, w) -> rate(w));

  private static double rate(int workers) {
    return 1 / (0.1 / workers + 0.01);
  }

  /** Epochs a job makes while it is profiled: one slot each at w = 2, 2, 4, 2, 1. */
  private static final double PROFILED = rate(2) + rate(2) + rate(4) + rate(2) + rate(1);

  @Test
  void aNewJobRunsOneSlotAtEachProfilingConfigurationInOrder() {
    Simulator sim = cluster(10, 16, WORKER_BOUND, job(1, JobType.RESNET_50, 0, 1000));
    OptimusFitted scheduler = new OptimusFitted();
    List<String> perSlot = new ArrayList<>();
    for (int s = 0; s < 5; s++) {
      perSlot.addAll(allocations(decide(sim, scheduler)));
      sim.endSlot();
    }
    assertThat(perSlot).containsExactly("1: 2/8", "1: 2/4", "1: 4/2", "1: 2/2", "1: 1/1");
  }

  /**
   * 10 nodes (20 GPUs), two profiled GPU jobs with R = 400 and 100 epochs left. A PS gains nothing;
   * a worker at w gains R·0.1·(1/w − 1/(w+1)) slots per share 1/20, so workers go to the larger
   * R/(w(w+1)): (w1, w2) = (1,1) → (2,1) → (3,1) → (3,2) → (4,2) → (5,2) → (5,3) → (6,3) → (7,3) →
   * (7,4) → (8,4) → (9,4) → (9,5) → (10,5) → (11,5) → (11,6) → (12,6) → (13,6) → (13,7).
   * Least-loaded placement puts two workers on every node, so the 21st worker fails and ends the
   * slot.
   */
  @Test
  void profiledJobsGetWorkersByRemainingTimeReductionPerDominantShare() {
    Simulator sim =
        cluster(
            10,
            16,
            WORKER_BOUND,
            job(1, JobType.RESNET_50, 0, PROFILED + 400),
            job(2, JobType.RESNET_50, 0, PROFILED + 100));
    OptimusFitted scheduler = new OptimusFitted();
    Scenario.runSlots(sim, scheduler, 5);
    SlotContext slot = decide(sim, scheduler);
    assertThat(allocations(slot)).containsExactly("1: 13/1", "2: 7/1");
  }

  /** One instance run on two simulations in turn forgets the first one's jobs (ids repeat). */
  @Test
  void aReusedInstanceStartsAfreshOnANewSimulation() {
    OptimusFitted reused = new OptimusFitted();
    run(reused, 3);
    assertThat(run(reused, 4)).isEqualTo(run(new OptimusFitted(), 4));
  }

  @Test
  void theSameTraceAndSeedWithSpeedNoiseGiveAnIdenticalResult() {
    assertThat(run(new OptimusFitted(), 5)).isEqualTo(run(new OptimusFitted(), 5));
  }

  /**
   * 30 paper-small jobs on 6 nodes with speed noise 0.2; {@code seed} picks the trace and the
   * noise.
   */
  private static SimulationResult run(OptimusFitted scheduler, long seed) {
    Preset preset =
        Presets.PAPER_SMALL
            .withCluster(Presets.PAPER_SMALL.cluster().withNodes(6))
            .withWorkload(Presets.PAPER_SMALL.workload().withTotalJobs(30));
    Trace trace = new Trace("t" + seed, preset.generator().jobs(seed));
    SimulationConfig config = SimulationConfig.of(preset).withSpeedNoise(0.2);
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed).run(scheduler);
  }
}
