package dl2.slot;

import dl2.io.InputException;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;

/**
 * A job as a slot sees it, wherever the slot runs: the one {@link JobView} of dl2. Its spec and
 * caps (the cluster's C, or the job's own when lower) are fixed; its {@link JobLedger} carries over
 * between slots; its {@link TaskPlacement} is the current slot's, and only a {@link ClusterSlot} of
 * its owner adds to it.
 */
public final class SlotJob implements JobView, PlacedJob {
  private final Object owner;
  private final String name;
  private final JobSpec spec;
  private final ClusterSpec cluster;
  private final int maxWorkers;
  private final int maxParameterServers;
  private TaskPlacement placement = new TaskPlacement();
  private TaskPlacement held = new TaskPlacement();
  private JobLedger ledger;
  private boolean open = true;
  private double filedRemainingFraction;

  /**
   * @param owner the simulator or controller whose slots may place this job's tasks
   * @param name the job's name on a cluster (a DL2Job's), or null in a simulation
   * @param taskCap the cluster's cap C
   */
  public SlotJob(
      Object owner, String name, JobSpec spec, ClusterSpec cluster, int taskCap, JobLedger ledger) {
    this.owner = owner;
    this.name = name;
    this.spec = spec;
    this.cluster = cluster;
    this.maxWorkers = Math.min(taskCap, spec.maxWorkers());
    this.maxParameterServers = Math.min(taskCap, spec.maxParameterServers());
    this.ledger = ledger;
  }

  /**
   * Whether {@code host}'s slots may place tasks of this job: it is the owner's and has not
   * completed.
   */
  public boolean isOf(Object host) {
    return owner == host && open;
  }

  /** The job's name on a cluster; null in a simulation. */
  public String name() {
    return name;
  }

  public JobSpec spec() {
    return spec;
  }

  public JobLedger ledger() {
    return ledger;
  }

  public void setLedger(JobLedger updated) {
    ledger = updated;
  }

  /** The job completed: no slot places its tasks any more. */
  public void close() {
    open = false;
  }

  public boolean isOpen() {
    return open;
  }

  /** ρ when the simulator last filed the job in SRTF's order; progress may have moved on since. */
  public double filedRemainingFraction() {
    return filedRemainingFraction;
  }

  /** Files the job under its current ρ. */
  public void fileRemainingFraction() {
    filedRemainingFraction = remainingFraction();
  }

  /** This slot's tasks and their nodes. */
  public TaskPlacement placement() {
    return placement;
  }

  /**
   * Releases every task: the start-of-slot "clear" (dl2-spec §5.1 step 2). The released tasks
   * become what the job {@link #held()} as the new slot starts (a swap: nothing is copied).
   */
  public void clearAllocation() {
    TaskPlacement released = placement;
    placement = held;
    held = released;
    placement.clear();
  }

  /**
   * The tasks the job ran as this slot started, before the scheduler decided: in a simulation the
   * previous slot's, on a cluster its running pods on nodes still in use. Read-only; what {@code
   * SCHEDULER@stable} keeps in place ({@link StableScheduler}).
   */
  public TaskPlacement held() {
    return held;
  }

  /**
   * Records a task the job runs on {@code node} as the slot starts (a live cluster's pod), before
   * the scheduler decides.
   */
  public void holds(Task task, int node) {
    held.add(task, node);
  }

  /** The job ran nothing in the last slot: it holds nothing as this one starts. */
  public void forgetHeld() {
    held.clear();
  }

  /** Whether the job holds any task this slot. */
  public boolean running() {
    return !placement.isEmpty();
  }

  /** Nodes of this slot's workers, in the order they were placed. */
  public int[] workerNodes() {
    return placement.workerNodes();
  }

  /** Nodes of this slot's parameter servers, in the order they were placed. */
  public int[] psNodes() {
    return placement.psNodes();
  }

  @Override
  public int workerNode(int i) {
    return placement.workerNode(i);
  }

  @Override
  public int psNode(int i) {
    return placement.psNode(i);
  }

  @Override
  public int id() {
    return spec.id();
  }

  @Override
  public JobType type() {
    return spec.type();
  }

  @Override
  public int arrivalSlot() {
    return spec.arrivalSlot();
  }

  @Override
  public double epochs() {
    if (!spec.hasEstimate()) {
      throw new InputException(
          "a scheduler read the length of job "
              + spec.id()
              + ", which --lengths unknown hides; use one that needs no lengths or --lengths estimated");
    }
    return spec.epochs();
  }

  @Override
  public boolean lengthKnown() {
    return spec.hasEstimate();
  }

  @Override
  public double progress() {
    return ledger.progress();
  }

  @Override
  public int workers() {
    return placement.workers();
  }

  @Override
  public int parameterServers() {
    return placement.parameterServers();
  }

  @Override
  public int maxWorkers() {
    return maxWorkers;
  }

  @Override
  public int maxParameterServers() {
    return maxParameterServers;
  }

  @Override
  public double dominantShare() {
    return cluster.dominantShare(spec.type(), workers(), parameterServers());
  }

  @Override
  public int slotsRun() {
    return ledger.slotsRun();
  }

  @Override
  public String toString() {
    String counts = spec.type().modelName() + ", " + workers() + "w/" + parameterServers() + "ps";
    return name == null
        ? "job " + spec.id() + " (" + counts + ")"
        : "DL2Job " + name + " (id " + spec.id() + ", " + counts + ")";
  }
}
