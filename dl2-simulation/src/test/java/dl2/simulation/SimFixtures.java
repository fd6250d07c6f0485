package dl2.simulation;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.EpochRateSpeed;
import dl2.speed.SpeedModel;
import java.util.List;

/** Builders for hand-computed simulator scenarios. */
public final class SimFixtures {
  private SimFixtures() {}

  /**
   * A speed model that returns hand-chosen epochs per slot, so expectations are easy to compute.
   */
  public static SpeedModel rate(EpochRateSpeed.Rate rate) {
    return new EpochRateSpeed(rate);
  }

  /** 10 epochs per slot per worker, whatever the PS count. */
  public static final SpeedModel TEN_PER_WORKER = rate((t, p, w) -> 10.0 * w);

  public static JobSpec job(int id, JobType type, int arrivalSlot, double epochs) {
    return JobSpec.exact(id, type, arrivalSlot, epochs);
  }

  public static Trace trace(JobSpec... jobs) {
    return new Trace("hand", List.of(jobs));
  }

  public static SimulationConfig config(int nodes, int cap) {
    return new SimulationConfig(
        ClusterSpec.ofNodes(nodes), cap, 1200, 0, SimulationConfig.DEFAULT_MAX_SLOTS);
  }

  public static Simulator simulator(int nodes, int cap, SpeedModel speed, JobSpec... jobs) {
    return new Simulator(config(nodes, cap), trace(jobs), speed, 42);
  }

  public static JobView jobOf(SlotContext slot, int id) {
    return slot.jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
  }

  /**
   * Bundles to the lowest-id job while they fit, then the next: shortest first when ids are so
   * ordered.
   */
  public static final class BundlesById implements Scheduler {
    @Override
    public String name() {
      return "bundles-by-id";
    }

    @Override
    public void schedule(SlotContext slot) {
      for (JobView job : slot.jobs()) {
        while (slot.tryAdd(job, Task.BUNDLE)) {
          // to the cap
        }
      }
    }
  }

  /**
   * Gives every outstanding job one bundle on the least-loaded node, in id order, ignoring
   * failures.
   */
  public static final class OneBundleEach implements Scheduler {
    @Override
    public String name() {
      return "one-bundle-each";
    }

    @Override
    public void schedule(SlotContext slot) {
      for (JobView job : slot.jobs()) {
        slot.tryAdd(job, Task.BUNDLE);
      }
    }
  }

  /** Allocates nothing, ever. */
  public static final class Idle implements Scheduler {
    @Override
    public String name() {
      return "idle";
    }

    @Override
    public void schedule(SlotContext slot) {}
  }
}
