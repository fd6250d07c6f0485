package dl2.slot;

import java.util.List;

/**
 * What a heuristic scheduler may see and do in one slot: everything of {@link ObservedSlot}, plus
 * the outstanding jobs in the orders the heuristics walk, and dry runs of the speed of any
 * configuration. The simulator answers dry runs from its speed model (the "perfect model" the
 * simulator's Optimus uses); a live cluster answers from its estimates.
 */
public interface SlotContext extends ObservedSlot {
  /**
   * Outstanding jobs in {@link JobOrder#BY_ARRIVAL} order, for walks that stop early (FIFO, DRF).
   * The default sorts {@link #jobs()}; the simulator keeps this order as jobs arrive and complete,
   * so reading its first k jobs costs O(k).
   */
  default Iterable<JobView> jobsByArrival() {
    return jobs().stream().sorted(JobOrder.BY_ARRIVAL).toList();
  }

  /**
   * Outstanding jobs in {@link JobOrder#BY_REMAINING_FRACTION} order (SRTF). Progress, hence ρ, is
   * fixed while a slot is scheduled, so the order holds for the whole slot. The default sorts
   * {@link #jobs()}; the simulator re-files only the jobs that progressed in the last slot.
   */
  default Iterable<JobView> jobsByRemainingFraction() {
    return jobs().stream().sorted(JobOrder.BY_REMAINING_FRACTION).toList();
  }

  /**
   * Outstanding jobs holding at least one task in this slot so far, ascending id (at the start of a
   * slot, none in the simulator). The default filters {@link #jobs()}; the simulator keeps them as
   * tasks are placed, so the answer costs O(k log k) in their number k.
   */
  default List<JobView> jobsWithTasks() {
    return jobs().stream().filter(j -> j.workers() > 0 || j.parameterServers() > 0).toList();
  }

  /**
   * Epochs a full slot would achieve with the given counts, without completing the job (the "dry
   * run" of dl2-spec §3.3). Counts may reach the cap + 1. A live cluster answers from its speed
   * estimates.
   */
  double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers);

  /**
   * Oracle dry run: the epochs a full slot would achieve with {@code job} placed as {@code probe}
   * says, by the world's own model of placement and co-location, without fluctuation or noise.
   * Knowledge no live cluster has: the simulator answers it (for schedulers named as oracles), a
   * live cluster, the emulator and this default refuse. DL2's learning code never asks it (the
   * architecture test keeps it so).
   *
   * @throws IllegalStateException where no oracle exists
   */
  default double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
    return refusePlacedDryRun();
  }

  /** The refusal of a cluster without the world's model. */
  static double refusePlacedDryRun() {
    throw new IllegalStateException(
        "this cluster answers no placed dry run: the scheduler asked for the world's own model "
            + "of placement and interference, which only the simulator has (an oracle scheduler cannot run here)");
  }
}
