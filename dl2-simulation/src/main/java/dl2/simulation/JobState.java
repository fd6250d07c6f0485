package dl2.simulation;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.simulation.world.PlacedJob;
import java.util.Arrays;

/** Mutable state of one job in one simulation; only its progress survives from slot to slot. */
final class JobState implements JobView, PlacedJob {
  private final Simulator owner;
  private final JobSpec spec;
  private final ClusterSpec cluster;
  private double progress;
  private int workers;
  private int parameterServers;
  private int slotsRun;
  private int firstStartSlot = -1;
  private boolean running;
  private int previousWorkers;
  private int previousParameterServers;
  private int[] workerNodes = new int[4];
  private int[] psNodes = new int[4];
  private boolean outstanding;
  private double filedRemainingFraction;

  JobState(Simulator owner, JobSpec spec, ClusterSpec cluster) {
    this.owner = owner;
    this.spec = spec;
    this.cluster = cluster;
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
    previousWorkers = workers;
    previousParameterServers = parameterServers;
    workers = 0;
    parameterServers = 0;
    running = false;
  }

  void add(Task task, int node) {
    if (task.workers() > 0) {
      workerNodes = ensure(workerNodes, workers);
      workerNodes[workers++] = node;
    }
    if (task.parameterServers() > 0) {
      psNodes = ensure(psNodes, parameterServers);
      psNodes[parameterServers++] = node;
    }
    if (firstStartSlot < 0) {
      firstStartSlot = owner.slot();
    }
    running = true;
  }

  private static int[] ensure(int[] nodes, int size) {
    return size < nodes.length ? nodes : Arrays.copyOf(nodes, nodes.length * 2);
  }

  /** Nodes of this slot's workers, in the order they were placed. */
  int[] workerNodes() {
    return Arrays.copyOf(workerNodes, workers);
  }

  /** Nodes of this slot's parameter servers, in the order they were placed. */
  int[] psNodes() {
    return Arrays.copyOf(psNodes, parameterServers);
  }

  @Override
  public int workerNode(int i) {
    if (i >= workers) {
      throw new IndexOutOfBoundsException("worker " + i + " of " + workers);
    }
    return workerNodes[i];
  }

  @Override
  public int psNode(int i) {
    if (i >= parameterServers) {
      throw new IndexOutOfBoundsException("parameter server " + i + " of " + parameterServers);
    }
    return psNodes[i];
  }

  /** Workers in the previous slot (the scaling cost compares against it). */
  int previousWorkers() {
    return previousWorkers;
  }

  int previousParameterServers() {
    return previousParameterServers;
  }

  boolean running() {
    return running;
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
    return workers;
  }

  @Override
  public int parameterServers() {
    return parameterServers;
  }

  @Override
  public double dominantShare() {
    return cluster.dominantShare(spec.type(), workers, parameterServers);
  }

  @Override
  public int slotsRun() {
    return slotsRun;
  }

  @Override
  public String toString() {
    return "job " + spec.id() + " (" + spec.type().modelName() + ", " + workers + "w/" + parameterServers + "ps)";
  }
}
