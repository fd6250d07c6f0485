package dl2.learning.state;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.nn.ColumnLayout;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.lengths.LengthBelief;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.Scheduler;

/**
 * How the policy's input describes the window's jobs (dl2-spec §7.1): one implementation per {@link
 * StateEncoding}, which is its name in policy files. Each owns its width F, its column writer and
 * what it remembers through a slot; only {@link PlacedEncoding} knows nodes. Empty columns are
 * zero. With {@code scaled}, inputs are divided by fixed constants (type by 8, slots by 100,
 * remaining epochs by the preset's maximum epochs, counts by the cap) so every input is of order
 * one; the spec allows this improvement, and raw inputs remain the Original default. One instance
 * per {@link Observer}: not thread-safe.
 */
public abstract class Encoding {
  private final int window;
  private final int taskCap;
  private final double maxEpochs;
  private final boolean scaled;
  private LengthBelief lengths = LengthBelief.AS_GIVEN;

  /**
   * @param window J, in columns
   * @param taskCap C, for scaling counts
   * @param maxEpochs MAX_EPOCHS of the workload, for scaling remaining epochs
   * @param scaled whether to scale inputs
   */
  Encoding(int window, int taskCap, double maxEpochs, boolean scaled) {
    this.window = window;
    this.taskCap = taskCap;
    this.maxEpochs = maxEpochs;
    this.scaled = scaled;
  }

  /** The layout's name, as policy files record it. */
  public abstract StateEncoding name();

  /** F, the features of one column. */
  public abstract int featuresPerColumn();

  /** The leading per-column features stored column-major (the paper's one-hot types). */
  public int columnMajorFeatures() {
    return 0;
  }

  /**
   * G, the features after the columns that describe the cluster rather than a job (the typed
   * encoding's free GPUs per type; none for the others).
   */
  public int globalFeatures() {
    return 0;
  }

  /** Writes the G global features of the slot as it stands into {@code out[0..G)}. */
  void encodeGlobals(double[] out) {}

  /** Columns per window job (see {@link StateEncoding#columnsPerJob}). */
  public final int columnsPerJob() {
    return name().columnsPerJob();
  }

  /** Whether an action names the node of its task (see {@link StateEncoding#placesItsOwnTasks}). */
  public final boolean placesItsOwnTasks() {
    return name().placesItsOwnTasks();
  }

  /** J, in columns. */
  public final int window() {
    return window;
  }

  /** C the policy was trained with, which scales counts. */
  public final int taskCap() {
    return taskCap;
  }

  final double maxEpochs() {
    return maxEpochs;
  }

  /** {@code value / by} when inputs are scaled, else {@code value}. */
  final double scale(double value, double by) {
    return scaled ? value / by : value;
  }

  final boolean scaled() {
    return scaled;
  }

  /**
   * Reads each job's length as {@code belief} takes it (docs/job-lengths.md): the job's own E
   * unless told otherwise (exact lengths), else the posterior expected total length.
   */
  final void believe(LengthBelief belief) {
    this.lengths = belief;
  }

  /** {@code job} with the length this encoding reads: every feature of E goes through here. */
  final JobView believed(JobView job) {
    return lengths.view(job);
  }

  /** The length of the state: J·F + G. */
  public final int size() {
    return window * featuresPerColumn() + globalFeatures();
  }

  /** Where each column's features sit in the flat state. */
  public final ColumnLayout layout() {
    return new ColumnLayout(window, columnMajorFeatures(), globalFeatures());
  }

  /**
   * {@code step} as this encoding plays a slot: the step itself, or for an encoding whose actions
   * name nodes, on a slot that records where every task goes.
   */
  Scheduler placed(Scheduler step) {
    return step;
  }

  /** A slot begins, before any decision: what the encoding remembers learns from its start. */
  void startSlot(MeasuredSpeeds speeds, ObservedSlot slot) {}

  /** The slot's decisions are made: what the encoding remembers learns from them. */
  void endSlot(MeasuredSpeeds speeds, ObservedSlot slot) {}

  /**
   * Saves what this encoding remembers between slots (nothing but for the placed encodings' last
   * placements), so that a resumed run sees what an uninterrupted one would.
   */
  void writeState(StateWriter out) {}

  /** Restores what {@link #writeState} saved. */
  void readState(StateReader in) {}

  /**
   * Writes the F features of {@code job} in window column {@code column} at slot {@code slot}, in
   * the order of {@link #layout()}'s feature index, into {@code out[0..F)}; every job has a
   * non-zero feature, so no job looks like an empty column.
   */
  abstract void encodeColumn(JobView job, int column, int slot, double[] out);

  /**
   * Re-encodes into {@code out} a job encoded there earlier in the same slot after it gained a task
   * (its allocation's features, where the encoding can tell them apart).
   */
  void reencodeAllocation(JobView job, int column, int slot, double[] out) {
    encodeColumn(job, column, slot, out);
  }

  /**
   * Whether {@code task} of {@code job} in {@code column} has somewhere to go (a mask condition
   * besides the caps).
   */
  boolean placeable(JobView job, int column, Task task) {
    return true;
  }

  /**
   * The node {@code task} of {@code job} in {@code column} goes to now, or {@link
   * Placement#NOWHERE} if the slot decides.
   */
  int nodeFor(int column, JobView job, Task task) {
    return Placement.NOWHERE;
  }

  /**
   * Adds {@code task} of {@code job} for an action that sends it to {@code node} ({@link
   * #nodeFor}).
   */
  boolean tryAdd(ObservedSlot slot, int node, JobView job, Task task) {
    return slot.tryAdd(job, task);
  }

  /**
   * The column of a teacher's task of {@code job} that went to {@code node}, given the job's first
   * column, or -1 if no action of the encoding sends it there.
   */
  int labelColumn(int firstColumn, int node, JobView job, Task task) {
    return firstColumn;
  }

  /**
   * The node a teacher's {@code task} of {@code job} goes to when the teacher names none: the
   * least-loaded node, as ever, or where the encoding's own rule for such tasks sends it.
   */
  int teacherNode(JobView job, Task task, ObservedSlot slot) {
    return slot.cluster().leastLoadedNode();
  }

  /** A window kept across one slot's decisions for {@code observer}, which uses this encoding. */
  SlotWindow keptWindow(Observer observer) {
    return new JobWindow(observer);
  }
}
