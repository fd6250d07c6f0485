package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Trace;
import dl2.simulation.SimFixtures;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.EpochRateSpeed;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * Builders for hand-computed scheduler scenarios, over the test kit's {@link SimFixtures}, on
 * default nodes (8 cores, 2 GPUs). Demands (dl2-spec §2.1): GPU worker 2c+1g (load 0.75), PS 2c
 * (0.25), GPU bundle 4c+1g (1.0), CPU-only bundle 4c (0.5). Speeds come from hand-chosen
 * epochs-per-slot functions.
 */
public final class Scenario {
  private Scenario() {}

  public static SpeedModel rate(EpochRateSpeed.Rate rate) {
    return SimFixtures.rate(rate);
  }

  /** 10 epochs per slot per worker, whatever the PS count. */
  public static final SpeedModel TEN_PER_WORKER = SimFixtures.TEN_PER_WORKER;

  public static JobSpec job(int id, JobType type, int arrivalSlot, double epochs) {
    return SimFixtures.job(id, type, arrivalSlot, epochs);
  }

  public static Trace trace(JobSpec... jobs) {
    return new Trace("scenario", List.of(jobs));
  }

  public static Simulator cluster(int nodes, int cap, SpeedModel speed, JobSpec... jobs) {
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(nodes), cap, 1200, 0, 10_000);
    return new Simulator(config, trace(jobs), speed, 1);
  }

  /** Begins the next slot and lets {@code scheduler} decide it; the caller ends the slot. */
  public static SlotContext decide(Simulator sim, Scheduler scheduler) {
    SlotContext slot = sim.beginSlot();
    scheduler.schedule(slot);
    return slot;
  }

  /** Runs {@code slots} whole slots with {@code scheduler}. */
  public static void runSlots(Simulator sim, Scheduler scheduler, int slots) {
    for (int i = 0; i < slots; i++) {
      decide(sim, scheduler);
      sim.endSlot();
    }
  }

  /** Each outstanding job as "id: workers/PSs", in id order. */
  public static List<String> allocations(SlotContext slot) {
    return slot.jobs().stream()
        .map(j -> j.id() + ": " + j.workers() + "/" + j.parameterServers())
        .toList();
  }

  public static Resources used(SlotContext slot, int node) {
    return slot.cluster().used(node);
  }

  public static Resources res(int cores, int gpus) {
    return new Resources(cores, gpus);
  }

  public static JobView jobOf(SlotContext slot, int id) {
    return SimFixtures.jobOf(slot, id);
  }

  /** JCTs in id order of a finished simulation. */
  public static List<Double> jcts(Simulator sim) {
    return sim.result().jobs().stream().map(j -> j.jct()).toList();
  }
}
