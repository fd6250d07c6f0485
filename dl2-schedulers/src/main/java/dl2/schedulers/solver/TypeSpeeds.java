package dl2.schedulers.solver;

import dl2.model.GpuType;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import java.util.List;

/**
 * A job's epochs per slot with its workers on one GPU type, the throughput matrix the optimisers
 * solve over (Project: heterogeneous clusters). Called once per slot per job, type and
 * configuration, after {@link #observe}.
 */
public interface TypeSpeeds {
  /** Takes in what the last slot showed; called once at each slot's start. */
  default void observe(SlotContext slot) {}

  /** Learns what was allocated this slot; called once at each slot's end. */
  default void allocated(SlotContext slot, List<TypedAllocation> plan, GpuTypeCapacity capacity) {}

  /**
   * Epochs per slot of {@code job} with {@code ps} PSs and {@code workers} workers on {@code gpu}.
   */
  double epochsPerSlot(SlotContext slot, JobView job, GpuType gpu, int ps, int workers);
}
