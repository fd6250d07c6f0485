package dl2.learning.state;

import dl2.slot.JobView;
import java.util.ArrayList;
import java.util.List;

/**
 * The window of one slot, kept up to date across its decisions instead of being rebuilt at each
 * (same contents as {@link Observer#observe} without shuffling). Outstanding jobs are filtered and
 * sorted once per slot; within a slot only the job that just got a task changes, so after each
 * allocation only its column is re-encoded, or, if it reached the cap in both roles, it leaves and
 * the next job in arrival order enters at the end. A {@link WindowListener} hears each change.
 * In the placed encoding a job has three columns, and a task also changes the columns of other
 * jobs that its node concerns ({@link PlacedColumns}); only those are re-encoded.
 */
public final class SlotWindow {
  private final Observer observer;
  private final StateEncoder encoder;
  private final int window;
  private final List<JobView> candidates = new ArrayList<>();
  private int next; // the first candidate not yet in the window
  private int filled; // columns [0, filled) hold jobs
  private final JobView[] columns;
  private final double[][] features;
  private final double[] globals;
  private final boolean[] mask;
  private final PlacedColumns placed; // null unless the placed encoding
  private int slot;
  private WindowListener listener;

  public SlotWindow(Observer observer) {
    this.observer = observer;
    this.encoder = observer.encoder();
    this.window = encoder.window();
    this.columns = new JobView[window];
    this.features = new double[window][encoder.featuresPerColumn()];
    this.globals = new double[encoder.globalFeatures()];
    this.mask = new boolean[observer.actions().size()];
    this.placed = observer.isPlaced() ? new PlacedColumns(observer, window, encoder.featuresPerColumn()) : null;
  }

  /** The one listener told about changes (replacing any previous one). */
  public void listen(WindowListener newListener) {
    this.listener = newListener;
  }

  /** Builds the window of slot {@code slotNumber} from the outstanding jobs. */
  public void begin(List<? extends JobView> outstanding, int slotNumber) {
    this.slot = slotNumber;
    candidates.clear();
    for (JobView job : outstanding) {
      if (observer.isCandidate(job)) {
        candidates.add(job);
      }
    }
    candidates.sort(Observer.ARRIVAL_ORDER);
    if (placed != null) {
      placed.begin(observer.placementView());
      fillPlaced();
      mask[observer.actions().stop()] = true;
      if (listener != null) {
        listener.reset();
      }
      return;
    }
    filled = Math.min(window, candidates.size());
    next = filled;
    for (int c = 0; c < window; c++) {
      columns[c] = c < filled ? candidates.get(c) : null;
      encode(c);
    }
    mask[observer.actions().stop()] = true;
    if (listener != null) {
      listener.reset();
    }
  }

  /**
   * The job in {@code column} just got a task, on {@code node} (placed encoding; any value
   * otherwise): re-encode what it changed, or let the job leave if it reached the cap in both roles.
   */
  public void allocated(int column, int node) {
    if (placed != null) {
      allocatedPlaced(column - column % NodeKind.count(), node);
      return;
    }
    if (observer.isCandidate(columns[column])) {
      observer.reencodeColumn(columns[column], slot, features[column]);
      observer.maskColumn(columns[column], column, mask);
      if (listener != null) {
        listener.changed(column);
      }
      return;
    }
    double[] freed = features[column];
    int moved = window - 1 - column;
    System.arraycopy(columns, column + 1, columns, column, moved);
    System.arraycopy(features, column + 1, features, column, moved);
    columns[window - 1] = null;
    features[window - 1] = freed;
    filled--;
    for (int c = column; c < window; c++) {
      observer.maskColumn(columns[c], c, mask);
    }
    java.util.Arrays.fill(freed, 0.0);
    if (listener != null) {
      listener.removed(column);
    }
    if (next < candidates.size()) {
      columns[filled] = candidates.get(next++);
      encode(filled);
      if (listener != null) {
        listener.changed(filled);
      }
      filled++;
    }
  }

  /** The placed window: the oldest candidates, each in {@link NodeKind#count()} consecutive columns. */
  private void fillPlaced() {
    int perJob = NodeKind.count();
    int jobs = Math.min(window / perJob, candidates.size());
    filled = jobs * perJob;
    next = jobs;
    for (int c = 0; c < window; c++) {
      columns[c] = c < filled ? candidates.get(c / perJob) : null;
      if (c >= filled) {
        encode(c);
      } else if (c % perJob == 0) {
        encodePlacedJob(c);
      }
    }
  }

  /** The job of columns {@code [first, first + kinds)} got a task on {@code node}. */
  private void allocatedPlaced(int first, int node) {
    int perJob = NodeKind.count();
    JobView job = columns[first];
    placed.taskAdded(node);
    if (observer.isCandidate(job)) {
      observer.reencodeColumn(job, slot, features[first]);
      for (int k = 0; k < perJob; k++) {
        System.arraycopy(features[first], 0, features[first + k], 0, ObservedFeatures.COUNT);
        placed.reencode(job, first + k, features[first + k], mask);
      }
      refreshPlaced(node, first, first + perJob);
      for (int k = 0; k < perJob; k++) {
        tellChanged(first + k);
      }
      return;
    }
    double[][] freed = java.util.Arrays.copyOfRange(features, first, first + perJob);
    int moved = window - first - perJob;
    System.arraycopy(columns, first + perJob, columns, first, moved);
    System.arraycopy(features, first + perJob, features, first, moved);
    System.arraycopy(freed, 0, features, window - perJob, perJob);
    placed.remove(first, perJob);
    filled -= perJob;
    for (int c = window - perJob; c < window; c++) {
      columns[c] = null;
      java.util.Arrays.fill(features[c], 0.0);
    }
    for (int c = first; c < window; c++) {
      placed.mask(columns[c], c, mask);
    }
    for (int k = 0; k < perJob && listener != null; k++) {
      listener.removed(first);
    }
    refreshPlaced(node, 0, 0);
    if (next < candidates.size()) {
      JobView entering = candidates.get(next++);
      for (int k = 0; k < perJob; k++) {
        columns[filled + k] = entering;
      }
      encodePlacedJob(filled);
      for (int k = 0; k < perJob; k++) {
        tellChanged(filled + k);
      }
      filled += perJob;
    }
  }

  /** Re-encodes the columns outside {@code [from, to)} (the job that got it) that a task on {@code node} changed. */
  private void refreshPlaced(int node, int from, int to) {
    for (int c = 0; c < filled; c++) {
      if ((c < from || c >= to) && placed.refresh(columns[c], c, node, features[c], mask)) {
        tellChanged(c);
      }
    }
  }

  /** Encodes a job's placed columns from {@code first}: its own features once, then each kind's. */
  private void encodePlacedJob(int first) {
    JobView job = columns[first];
    observer.encodeJob(job, slot, features[first]);
    for (int k = 0; k < NodeKind.count(); k++) {
      System.arraycopy(features[first], 0, features[first + k], 0, ObservedFeatures.COUNT);
      placed.encode(job, first + k, features[first + k], mask);
    }
  }

  private void tellChanged(int column) {
    if (listener != null) {
      listener.changed(column);
    }
  }

  /** The node action {@code action} sends its task to (placed encoding), or {@link dl2.slot.Placement#NOWHERE}. */
  public int nodeFor(int action) {
    var actions = observer.actions();
    return placed.nodeFor(actions.column(action), actions.task(action));
  }

  private void encode(int column) {
    JobView job = columns[column];
    if (job == null) {
      java.util.Arrays.fill(features[column], 0.0);
    } else {
      observer.encodeColumn(job, column, slot, features[column]);
    }
    observer.maskColumn(job, column, mask);
  }

  public int slot() {
    return slot;
  }

  /** The job in {@code column}, or null. */
  public JobView column(int column) {
    return columns[column];
  }

  /** Column {@code column}'s F features in layout order (live; all 0 for an empty column). */
  public double[] features(int column) {
    return features[column];
  }

  /** The G global features (live). */
  public double[] globals() {
    return globals;
  }

  /** The action mask (live). */
  public boolean[] mask() {
    return mask;
  }

  /** True if some non-stop action is allowed. */
  public boolean hasTaskAction() {
    for (int a = 0; a < mask.length - 1; a++) {
      if (mask[a]) {
        return true;
      }
    }
    return false;
  }

  /** A detached observation of the current window, as {@link Observer#observe} gives it. */
  public Observation observation() {
    double[] state = new double[encoder.size()];
    var layout = encoder.layout();
    for (int c = 0; c < filled; c++) {
      double[] f = features[c];
      for (int k = 0; k < f.length; k++) {
        state[layout.index(c, k)] = f[k];
      }
    }
    for (int g = 0; g < globals.length; g++) {
      state[layout.globalIndex(encoder.featuresPerColumn(), g)] = globals[g];
    }
    return new Observation(state, mask.clone(), columns.clone());
  }
}
