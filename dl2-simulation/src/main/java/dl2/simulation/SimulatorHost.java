package dl2.simulation;

import dl2.slot.ClusterSlot;
import dl2.slot.JobView;
import dl2.slot.PlacementProbe;
import dl2.slot.SlotJob;
import dl2.slot.TaskPlacement;
import java.util.List;

/**
 * What a {@code ClusterSlot} asks of the simulator that opened it: whether its slot is still open,
 * the outstanding jobs in the orders schedulers read them, and dry runs in the simulator's world.
 */
final class SimulatorHost implements ClusterSlot.Host {
  private final Simulator simulator;

  SimulatorHost(Simulator simulator) {
    this.simulator = simulator;
  }

  @Override
  public boolean isOpen(int slotNumber) {
    return simulator.isOpen(slotNumber);
  }

  @Override
  public TaskPlacement placementOf(JobView job) {
    return job instanceof SlotJob state && state.isOf(simulator) ? state.placement() : null;
  }

  @Override
  public void tookFirstTask(JobView job) {
    SlotJob state = (SlotJob) job;
    state.setLedger(state.ledger().started(simulator.slot));
    simulator.outstanding.tookFirstTask(state);
  }

  @Override
  public List<JobView> jobs() {
    return simulator.outstanding.byId();
  }

  @Override
  public Iterable<JobView> jobsByArrival() {
    return simulator.outstanding.byArrival();
  }

  @Override
  public Iterable<JobView> jobsByRemainingFraction() {
    return simulator.outstanding.byRemainingFraction();
  }

  @Override
  public List<JobView> jobsWithTasks() {
    return java.util.Collections.unmodifiableList(simulator.outstanding.withTasks());
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    return simulator.dryRun(job, numPs, numWorkers);
  }

  @Override
  public double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
    simulator.checkDryRuns();
    return simulator.world.placedEpochsPerSlot(job.id(), job.type(), probe);
  }
}
