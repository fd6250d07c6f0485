package dl2.simulation;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.simulation.world.PlacedJob;

/** Mutable state of one job in one simulation; only its progress survives from slot to slot. */
final class JobState implements JobView, PlacedJob {
  private final Simulator owner;
  private final JobSpec spec;
  private final ClusterSpec cluster;
  private final int maxWorkers;
  private final int maxParameterServers;
  private final TaskPlacement placement = new TaskPlacement();
  private double progress;
  private int slotsRun;
  private int firstStartSlot = -1;
  private int previousWorkers;
  private int previousParameterServers;
  private boolean outstanding;
  private double filedRemainingFraction;

  /** A job of {@code spec} under the cluster's cap {@code taskCap} (and its own caps, when lower). */
  JobState(Simulator owner, JobSpec spec, ClusterSpec cluster, int taskCap) {
    this.owner = owner;
    this.spec = spec;
    this.cluster = cluster;
    this.maxWorkers = Math.min(taskCap, spec.maxWorkers());
    this.maxParameterServers = Math.min(taskCap, spec.maxParameterServers());
  }

  Simulator owner() {
    return owner;
  }

  JobSpec spec() {
    return spec;
  }

  /** True from admission until completion. */
  boolean outstanding() {
    return outstanding;
  }

  void setOutstanding(boolean value) {
    outstanding = value;
  }

  /** ρ when last filed in SRTF's order (see {@link OutstandingJobs}); progress may have moved on since. */
  double filedRemainingFraction() {
    return filedRemainingFraction;
  }

  void fileRemainingFraction() {
    filedRemainingFraction = remainingFraction();
  }

  /** Releases every task: the start-of-slot "clear" (dl2-spec §5.1 step 2). */
  void clearAllocation() {
    previousWorkers = placement.workers();
    previousParameterServers = placement.parameterServers();
    placement.clear();
  }

  /** Where this slot's tasks are; the simulator's slot context adds to it. */
  TaskPlacement placement() {
    return placement;
  }

  /** Nodes of this slot's workers, in the order they were placed. */
  int[] workerNodes() {
    return placement.workerNodes();
  }

  /** Nodes of this slot's parameter servers, in the order they were placed. */
  int[] psNodes() {
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

  /** Workers in the previous slot (the scaling cost compares against it). */
  int previousWorkers() {
    return previousWorkers;
  }

  int previousParameterServers() {
    return previousParameterServers;
  }

  /** Whether the job holds any task this slot. */
  boolean running() {
    return !placement.isEmpty();
  }

  /** Restores what carries over between slots (resume); a first start of -1 means not yet started. */
  void restore(double savedProgress, int savedSlotsRun, int savedFirstStartSlot) {
    progress = savedProgress;
    slotsRun = savedSlotsRun;
    firstStartSlot = savedFirstStartSlot;
  }

  /** The first slot in which the job held a task; -1 before that. */
  int firstStartSlot() {
    return firstStartSlot;
  }

  /** Records that the job took its first task of slot {@code slot}. */
  void started(int slot) {
    if (firstStartSlot < 0) {
      firstStartSlot = slot;
    }
  }

  /** Adds a slot's progress Δ and counts the slot as run. */
  void advance(double epochsDone) {
    progress += epochsDone;
    slotsRun++;
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
    return spec.epochs();
  }

  @Override
  public double progress() {
    return progress;
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
    return slotsRun;
  }

  @Override
  public String toString() {
    return "job " + spec.id() + " (" + spec.type().modelName() + ", " + workers() + "w/" + parameterServers() + "ps)";
  }
}
