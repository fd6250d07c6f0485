package dl2.learning.state;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.placement.LeastLoaded;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacedSlot;
import dl2.slot.PlacementView;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Builds observations (dl2-spec §7.1–7.2): the window is the J oldest outstanding jobs by
 * (arrival, id) that are not at their caps in both roles (C, or the job's own when lower); masks
 * allow only the roles with room; RL puts the i-th in column i, SL may place
 * them in a random permutation of the columns, redrawn at every observation.
 */
public final class Observer {
  static final Comparator<JobView> ARRIVAL_ORDER =
      Comparator.comparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id);

  private final StateEncoder encoder;
  private final ActionSpace actions;
  private final int taskCap;
  private ObservedSpeeds speeds;
  /** The placed encoding's view of where the slot's tasks are so far (null for the other encodings). */
  private PlacementView placement;
  private final LastPlacement last = new LastPlacement();

  public Observer(StateEncoder encoder, int taskCap) {
    this.encoder = encoder;
    this.actions = new ActionSpace(encoder.window());
    this.taskCap = taskCap;
  }

  /** Encodes with these speeds, fitted to the cluster's measurements (the observed encoding needs them). */
  public Observer using(ObservedSpeeds fitted) {
    this.speeds = fitted;
    return this;
  }

  /** Encodes with this view of where the slot's tasks are (the placed encoding needs it; e.g. a teacher's slot). */
  public Observer placedBy(PlacementView view) {
    this.placement = view;
    return this;
  }

  /**
   * The slot to schedule on: {@code slot} itself, or for the placed encoding a {@link PlacedSlot}
   * that records where every task goes (tasks added without a node, e.g. the start-of-slot bundle,
   * go to the least-loaded node as ever), whose record this observer then encodes.
   */
  public SlotContext place(SlotContext slot) {
    if (!isPlaced()) {
      return slot;
    }
    PlacedSlot placed = new PlacedSlot(slot, new LeastLoaded());
    placedBy(placed.occupancy());
    return placed;
  }

  /** Writes column {@code column}'s features (see {@link StateEncoder#encodeColumn}) for {@code job}, with this observer's speeds. */
  public void encodeColumn(JobView job, int column, int slot, double[] out) {
    encoder.encodeColumn(job, slot, speeds, out);
    if (isPlaced()) {
      PlacedFeatures.encode(job, NodeKind.ofColumn(column), placementView(), last, speeds, encoder.taskCap(), out,
          ObservedFeatures.COUNT);
    }
  }

  /** The job's own features, the first {@link ObservedFeatures#COUNT} of each of its placed columns. */
  void encodeJob(JobView job, int slot, double[] out) {
    encoder.encodeColumn(job, slot, speeds, out);
  }

  /** The placed column's placement features, after the job's own, for the nodes its kind takes (worker, PS, bundle). */
  void encodePlacement(JobView job, int column, int[] nodes, double[] out) {
    PlacedFeatures.encode(job, NodeKind.ofColumn(column), nodes, placementView(), last, speeds, encoder.taskCap(), out,
        ObservedFeatures.COUNT);
  }

  /** The first kind of node that sends {@code task} of {@code job} to {@code node} now, or null (placed encoding). */
  public NodeKind kindChoosing(int node, JobView job, Task task) {
    return NodeKind.choosing(node, job, task, placementView());
  }

  /** A slot starts for the placed encoding's memory of the last slot (what {@link #startSlot} does, without speeds). */
  public void placementStarts(int slot) {
    if (isPlaced()) {
      last.startSlot(slot);
    }
  }

  /** Whether the actions choose the kind of node too ({@link StateEncoding#PLACED}). */
  public boolean isPlaced() {
    return encoder.encoding() == StateEncoding.PLACED;
  }

  /** The node action {@code action} sends its task to (placed encoding), or {@link Placement#NOWHERE}. */
  public int nodeFor(int action, JobView job) {
    return NodeKind.ofColumn(actions.column(action)).nodeFor(job, actions.task(action), placementView());
  }

  PlacementView placementView() {
    if (placement == null) {
      throw new IllegalStateException("the placed encoding needs the slot's placement (Observer.place or placedBy)");
    }
    return placement;
  }

  /** Jobs in the window: one per column, or one per {@link NodeKind#count()} columns (placed). */
  int windowJobs() {
    return isPlaced() ? encoder.window() / NodeKind.count() : encoder.window();
  }

  /** Columns per window job. */
  int columnsPerJob() {
    return isPlaced() ? NodeKind.count() : 1;
  }

  /** As {@link #encodeColumn} for a job this slot encoded into {@code out} before it gained a task. */
  public void reencodeColumn(JobView job, int slot, double[] out) {
    encoder.reencodeAllocation(job, slot, speeds, out);
  }

  /**
   * At a slot's start, before any decision: the observed encoding's speeds learn from what the slot's
   * start reveals and encode the slot; nothing for the other encodings, which need no speeds.
   */
  public void startSlot(MeasuredSpeeds speeds, ObservedSlot slot) {
    if (needsSpeeds()) {
      using(speeds.atSlotStart(slot));
    }
    placementStarts(slot.slot());
  }

  /** Once a slot's decisions are made: the speeds remember its allocations (see {@link #startSlot}). */
  public void endSlot(MeasuredSpeeds speeds, ObservedSlot slot) {
    if (needsSpeeds()) {
      speeds.decided(slot);
    }
    placementDone(slot);
  }

  /** The placed encoding remembers where the slot's tasks went (the next slot's "last slot" features). */
  public void placementDone(ObservedSlot slot) {
    if (isPlaced()) {
      last.endSlot(slot, placementView());
    }
  }

  /** Whether the state encoding needs speeds fitted to the cluster's measurements. */
  public boolean needsSpeeds() {
    return encoder.encoding() == StateEncoding.OBSERVED || encoder.encoding() == StateEncoding.PLACED;
  }

  public StateEncoder encoder() {
    return encoder;
  }

  public ActionSpace actions() {
    return actions;
  }

  /** The live cap C that masks use. */
  public int taskCap() {
    return taskCap;
  }

  /** Whether {@code job} can take another task, so that it belongs in the window. */
  boolean isCandidate(JobView job) {
    return job.workers() < workerCap(job) || job.parameterServers() < psCap(job);
  }

  /** The observation with jobs in arrival order, or in a random column permutation if {@code shuffle} is given. */
  public Observation observe(List<? extends JobView> outstanding, int slot, Rng shuffle) {
    JobView[] columns = new JobView[encoder.window()];
    List<JobView> window = window(outstanding);
    int perJob = columnsPerJob();
    int[] order = shuffle == null ? identity(windowJobs()) : permutation(windowJobs(), shuffle);
    for (int i = 0; i < window.size(); i++) {
      for (int k = 0; k < perJob; k++) {
        columns[order[i] * perJob + k] = window.get(i);
      }
    }
    double[] state = new double[encoder.size()];
    if (isPlaced()) {
      encodePlaced(columns, slot, state);
    } else {
      encoder.encode(columns, slot, speeds, state);
    }
    return new Observation(state, mask(columns), columns);
  }

  private void encodePlaced(JobView[] columns, int slot, double[] state) {
    var layout = encoder.layout();
    double[] column = new double[encoder.featuresPerColumn()];
    for (int c = 0; c < columns.length; c++) {
      if (columns[c] != null) {
        encodeColumn(columns[c], c, slot, column);
        for (int f = 0; f < column.length; f++) {
          state[layout.index(c, f)] = column[f];
        }
      }
    }
  }

  private List<JobView> window(List<? extends JobView> outstanding) {
    List<JobView> candidates = new ArrayList<>();
    for (JobView job : outstanding) {
      if (isCandidate(job)) {
        candidates.add(job);
      }
    }
    candidates.sort(ARRIVAL_ORDER);
    return candidates.subList(0, Math.min(windowJobs(), candidates.size()));
  }

  private boolean[] mask(JobView[] columns) {
    boolean[] mask = new boolean[actions.size()];
    for (int col = 0; col < columns.length; col++) {
      maskColumn(columns[col], col, mask);
    }
    mask[actions.stop()] = true;
    return mask;
  }

  /**
   * Column {@code col}'s three actions: a worker, a PS, a bundle, each allowed below the job's caps
   * (none if empty); in the placed encoding only where the column's kind of node finds one that fits.
   */
  void maskColumn(JobView job, int col, boolean[] mask) {
    boolean workerRoom = job != null && job.workers() < workerCap(job);
    boolean psRoom = job != null && job.parameterServers() < psCap(job);
    mask[3 * col] = workerRoom && placeable(job, col, Task.WORKER);
    mask[3 * col + 1] = psRoom && placeable(job, col, Task.PS);
    mask[3 * col + 2] = workerRoom && psRoom && placeable(job, col, Task.BUNDLE);
  }

  /** As {@link #maskColumn(JobView, int, boolean[])}, placed, for the nodes its kind takes (worker, PS, bundle). */
  void maskColumn(JobView job, int col, int[] nodes, boolean[] mask) {
    boolean workerRoom = job.workers() < workerCap(job);
    boolean psRoom = job.parameterServers() < psCap(job);
    mask[3 * col] = workerRoom && nodes[Task.WORKER.ordinal()] != Placement.NOWHERE;
    mask[3 * col + 1] = psRoom && nodes[Task.PS.ordinal()] != Placement.NOWHERE;
    mask[3 * col + 2] = workerRoom && psRoom && nodes[Task.BUNDLE.ordinal()] != Placement.NOWHERE;
  }

  private boolean placeable(JobView job, int col, Task task) {
    return !isPlaced() || NodeKind.ofColumn(col).nodeFor(job, task, placementView()) != Placement.NOWHERE;
  }

  /** The live cap C, or the job's own cap when lower (a DL2Job's maxWorkers). */
  private int workerCap(JobView job) {
    return Math.min(taskCap, job.maxWorkers());
  }

  private int psCap(JobView job) {
    return Math.min(taskCap, job.maxParameterServers());
  }

  private static int[] identity(int n) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    return order;
  }

  /** Fisher–Yates from the given stream. */
  private static int[] permutation(int n, Rng rng) {
    int[] order = identity(n);
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }
}
