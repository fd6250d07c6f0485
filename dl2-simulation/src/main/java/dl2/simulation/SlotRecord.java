package dl2.simulation;

/**
 * What the cluster looked like in one slot, as the per-slot log reports it.
 *
 * @param slot the slot ts
 * @param jobsOutstanding jobs present in the slot (arrived, not completed before it)
 * @param jobsRunning jobs holding at least one task in the slot
 * @param jobsArrived jobs admitted at the start of the slot
 * @param jobsCompleted jobs that finished within the slot
 * @param parameterServers parameter servers allocated over all jobs
 * @param workers workers allocated over all jobs
 * @param stats the slot's reward and CPU and GPU utilisation
 */
public record SlotRecord(
    int slot,
    int jobsOutstanding,
    int jobsRunning,
    int jobsArrived,
    int jobsCompleted,
    int parameterServers,
    int workers,
    SlotStats stats) {}
