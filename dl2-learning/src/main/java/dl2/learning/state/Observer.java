package dl2.learning.state;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.model.Rng;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
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

  /** Writes one job's column features (see {@link StateEncoder#encodeColumn}) with this observer's fitted speeds. */
  public void encodeColumn(JobView job, int slot, double[] out) {
    encoder.encodeColumn(job, slot, speeds, out);
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
  }

  /** Once a slot's decisions are made: the speeds remember its allocations (see {@link #startSlot}). */
  public void endSlot(MeasuredSpeeds speeds, ObservedSlot slot) {
    if (needsSpeeds()) {
      speeds.decided(slot);
    }
  }

  /** Whether the state encoding needs speeds fitted to the cluster's measurements. */
  public boolean needsSpeeds() {
    return encoder.encoding() == StateEncoding.OBSERVED;
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
    int[] order = shuffle == null ? identity(columns.length) : permutation(columns.length, shuffle);
    for (int i = 0; i < window.size(); i++) {
      columns[order[i]] = window.get(i);
    }
    double[] state = new double[encoder.size()];
    encoder.encode(columns, slot, speeds, state);
    return new Observation(state, mask(columns), columns);
  }

  private List<JobView> window(List<? extends JobView> outstanding) {
    List<JobView> candidates = new ArrayList<>();
    for (JobView job : outstanding) {
      if (isCandidate(job)) {
        candidates.add(job);
      }
    }
    candidates.sort(ARRIVAL_ORDER);
    return candidates.subList(0, Math.min(encoder.window(), candidates.size()));
  }

  private boolean[] mask(JobView[] columns) {
    boolean[] mask = new boolean[actions.size()];
    for (int col = 0; col < columns.length; col++) {
      maskColumn(columns[col], col, mask);
    }
    mask[actions.stop()] = true;
    return mask;
  }

  /** Column {@code col}'s three actions: a worker, a PS, a bundle, each allowed below the job's caps (none if empty). */
  void maskColumn(JobView job, int col, boolean[] mask) {
    boolean workerRoom = job != null && job.workers() < workerCap(job);
    boolean psRoom = job != null && job.parameterServers() < psCap(job);
    mask[3 * col] = workerRoom;
    mask[3 * col + 1] = psRoom;
    mask[3 * col + 2] = workerRoom && psRoom;
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
