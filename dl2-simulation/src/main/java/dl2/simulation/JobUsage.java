package dl2.simulation;

/**
 * The allocations one job held over a simulation.
 *
 * @param id job id
 * @param slotsRun slots in which the job held at least one task
 * @param parameterServerSlots parameter servers summed over those slots
 * @param workerSlots workers summed over those slots
 */
public record JobUsage(int id, int slotsRun, long parameterServerSlots, long workerSlots) {
  /** Mean parameter servers per slot run; 0 for a job that never ran. */
  public double meanParameterServers() {
    return slotsRun == 0 ? 0 : (double) parameterServerSlots / slotsRun;
  }

  /** Mean workers per slot run; 0 for a job that never ran. */
  public double meanWorkers() {
    return slotsRun == 0 ? 0 : (double) workerSlots / slotsRun;
  }
}
