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
 * In the placed encoding every task changes where the other jobs' kinds of node are and how
 * crowded, so after each allocation the whole window is rebuilt (three columns per job).
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
    if (observer.isPlaced()) {
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

  /** The job in {@code column} just got a task: re-encode it, or let it leave if it reached the cap in both roles. */
  public void allocated(int column) {
    if (observer.isPlaced()) {
      if (!observer.isCandidate(columns[column])) {
        candidates.remove(columns[column]);
      }
      fillPlaced();
      if (listener != null) {
        listener.reset();
      }
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

  /** The placed window: the oldest candidates, each in {@link NodeKind#count()} consecutive columns, all encoded afresh. */
  private void fillPlaced() {
    int perJob = observer.columnsPerJob();
    int jobs = Math.min(window / perJob, candidates.size());
    filled = jobs * perJob;
    next = jobs;
    for (int c = 0; c < window; c++) {
      columns[c] = c < filled ? candidates.get(c / perJob) : null;
      encode(c);
    }
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
