package dl2.learning.state;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.lengths.LengthBelief;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What the policy sees (dl2-spec §7.1–7.2): the window is the J oldest outstanding jobs by
 * (arrival, id) that are not at their caps in both roles (C, or the job's own when lower), in
 * {@link Encoding#columnsPerJob()} columns each, encoded by its {@link Encoding}; masks allow only
 * the roles with room (and, where actions name nodes, a node to go to); RL puts the i-th job in the
 * i-th place, SL may place them in a random permutation, redrawn at every observation.
 */
public final class Observer {
  static final Comparator<JobView> ARRIVAL_ORDER =
      Comparator.comparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id);

  private final Encoding encoding;
  private final ActionSpace actions;
  private final int taskCap;

  /**
   * Observes with {@code encoding} (this observer's own: it keeps per-slot memory) under the live
   * cap {@code taskCap}.
   */
  public Observer(Encoding encoding, int taskCap) {
    this(encoding, taskCap, LengthBelief.AS_GIVEN);
  }

  /**
   * As {@link #Observer(Encoding, int)}, the encoding reading each job's length as {@code lengths}
   * takes it (this observer's own: it remembers beliefs).
   */
  public Observer(Encoding encoding, int taskCap, LengthBelief lengths) {
    encoding.believe(lengths);
    this.encoding = encoding;
    this.actions = new ActionSpace(encoding.window());
    this.taskCap = taskCap;
  }

  public Encoding encoding() {
    return encoding;
  }

  public ActionSpace actions() {
    return actions;
  }

  /** The live cap C that masks use. */
  public int taskCap() {
    return taskCap;
  }

  /**
   * {@code step}, run on the slots this observer's encoding needs: the step itself, or for an
   * encoding whose actions name nodes, a step on a slot that records where every task goes (tasks
   * added without a node, e.g. the start-of-slot bundle, go to the least-loaded node as ever).
   */
  public Scheduler placed(Scheduler step) {
    return encoding.placed(step);
  }

  /**
   * At a slot's start, before any decision: the encoding's memory learns from what the slot's start
   * reveals (the observed encodings fit {@code speeds} to its measurements).
   */
  public void startSlot(MeasuredSpeeds speeds, ObservedSlot slot) {
    encoding.startSlot(speeds, slot);
  }

  /**
   * Once a slot's decisions are made: the encoding's memory remembers them (see {@link
   * #startSlot}).
   */
  public void endSlot(MeasuredSpeeds speeds, ObservedSlot slot) {
    encoding.endSlot(speeds, slot);
  }

  /** Saves what the encoding remembers between slots, for a run's resume state. */
  public void writeState(StateWriter out) {
    encoding.writeState(out);
  }

  /** Restores what {@link #writeState} saved. */
  public void readState(StateReader in) {
    encoding.readState(in);
  }

  /** A window to keep across the decisions of this observer's slots. */
  public SlotWindow keptWindow() {
    return encoding.keptWindow(this);
  }

  /**
   * The node action {@code action} sends its task of {@code job} to now, or {@link
   * Placement#NOWHERE} if the slot decides.
   */
  public int nodeFor(int action, JobView job) {
    return encoding.nodeFor(actions.column(action), job, actions.task(action));
  }

  /**
   * Adds the task of {@code action} for {@code job}, on {@code node} if the encoding's actions name
   * one ({@link #nodeFor}).
   */
  public boolean tryAdd(ObservedSlot slot, int action, JobView job, int node) {
    return encoding.tryAdd(slot, node, job, actions.task(action));
  }

  /**
   * The node a teacher's {@code task} of {@code job} goes to in {@code slot} when the teacher names
   * none (least-loaded, or the encoding's own rule for tasks no action placed).
   */
  public int teacherNode(JobView job, Task task, ObservedSlot slot) {
    return encoding.teacherNode(job, task, slot);
  }

  /**
   * The action that labels a teacher's {@code task} of {@code job} sent to {@code node}, in {@code
   * observation}: -1 if the job is outside the window or no action sends the task there.
   */
  public int label(Observation observation, JobView job, Task task, int node) {
    return label(observation.columnOf(job.id()), job, task, node);
  }

  /**
   * As {@link #label(Observation, JobView, Task, int)}, for the job whose first column is {@code
   * column} (-1: outside the window).
   */
  public int label(int column, JobView job, Task task, int node) {
    if (column >= 0) {
      column = encoding.labelColumn(column, node, job, task);
    }
    return column < 0 ? -1 : actions.action(column, task);
  }

  /** Whether {@code job} can take another task, so that it belongs in the window. */
  boolean isCandidate(JobView job) {
    return job.workers() < workerCap(job) || job.parameterServers() < psCap(job);
  }

  /**
   * The observation with jobs in arrival order, or in a random permutation if {@code shuffle} is
   * given.
   */
  public Observation observe(List<? extends JobView> outstanding, int slot, Rng shuffle) {
    JobView[] columns = new JobView[encoding.window()];
    int perJob = encoding.columnsPerJob();
    int windowJobs = encoding.window() / perJob;
    List<JobView> window = window(outstanding, windowJobs);
    int[] order = shuffle == null ? identity(windowJobs) : permutation(windowJobs, shuffle);
    for (int i = 0; i < window.size(); i++) {
      for (int k = 0; k < perJob; k++) {
        columns[order[i] * perJob + k] = window.get(i);
      }
    }
    double[] state = new double[encoding.size()];
    var layout = encoding.layout();
    double[] column = new double[encoding.featuresPerColumn()];
    for (int c = 0; c < columns.length; c++) {
      if (columns[c] != null) {
        encoding.encodeColumn(columns[c], c, slot, column);
        for (int f = 0; f < column.length; f++) {
          state[layout.index(c, f)] = column[f];
        }
      }
    }
    double[] globals = new double[encoding.globalFeatures()];
    encoding.encodeGlobals(globals);
    for (int g = 0; g < globals.length; g++) {
      state[layout.globalIndex(column.length, g)] = globals[g];
    }
    return new Observation(state, mask(columns), columns);
  }

  private List<JobView> window(List<? extends JobView> outstanding, int jobs) {
    List<JobView> candidates = new ArrayList<>();
    for (JobView job : outstanding) {
      if (isCandidate(job)) {
        candidates.add(job);
      }
    }
    candidates.sort(ARRIVAL_ORDER);
    return candidates.subList(0, Math.min(jobs, candidates.size()));
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
   * (none if empty) where the encoding finds the task somewhere to go.
   */
  void maskColumn(JobView job, int col, boolean[] mask) {
    boolean workerRoom = job != null && job.workers() < workerCap(job);
    boolean psRoom = job != null && job.parameterServers() < psCap(job);
    mask[3 * col] = workerRoom && encoding.placeable(job, col, Task.WORKER);
    mask[3 * col + 1] = psRoom && encoding.placeable(job, col, Task.PS);
    mask[3 * col + 2] = workerRoom && psRoom && encoding.placeable(job, col, Task.BUNDLE);
  }

  /**
   * As {@link #maskColumn(JobView, int, boolean[])}, for the nodes the column already chose
   * (worker, PS, bundle).
   */
  void maskColumn(JobView job, int col, int[] nodes, boolean[] mask) {
    boolean workerRoom = job.workers() < workerCap(job);
    boolean psRoom = job.parameterServers() < psCap(job);
    mask[3 * col] = workerRoom && nodes[Task.WORKER.ordinal()] != Placement.NOWHERE;
    mask[3 * col + 1] = psRoom && nodes[Task.PS.ordinal()] != Placement.NOWHERE;
    mask[3 * col + 2] = workerRoom && psRoom && nodes[Task.BUNDLE.ordinal()] != Placement.NOWHERE;
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
