package dl2.learning.state;

import dl2.slot.JobView;
import dl2.slot.Placement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The window of one slot, kept up to date across its decisions instead of being rebuilt at each
 * (same contents as {@link Observer#observe} without shuffling). Outstanding jobs are filtered and
 * sorted once per slot; within a slot only the job that just got a task changes, so after each
 * allocation only what it changed is re-encoded, or, if it reached the cap in both roles, it leaves
 * and the next job in arrival order enters at the end. A {@link WindowListener} hears each change.
 * How the columns are kept is the encoding's: one per job ({@link JobWindow}), or one per job and
 * kind of node ({@link PlacedWindow}). Made by {@link Observer#keptWindow()}.
 */
public abstract class SlotWindow {
  final Observer observer;
  final Encoding encoding;
  final int window;
  final List<JobView> candidates = new ArrayList<>();
  int next; // the first candidate not yet in the window
  int filled; // columns [0, filled) hold jobs
  final JobView[] columns;
  final double[][] features;
  final boolean[] mask;
  int slot;
  private final double[] globals;
  private WindowListener listener;

  SlotWindow(Observer observer) {
    this.observer = observer;
    this.encoding = observer.encoding();
    this.window = encoding.window();
    this.columns = new JobView[window];
    this.features = new double[window][encoding.featuresPerColumn()];
    this.globals = new double[encoding.globalFeatures()];
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
    fill();
    encoding.encodeGlobals(globals);
    mask[observer.actions().stop()] = true;
    if (listener != null) {
      listener.reset();
    }
  }

  /** Fills the columns from {@link #candidates} at the slot's start. */
  abstract void fill();

  /**
   * The job in {@code column} just got a task, on {@code node} (what {@link #nodeFor} gave; any
   * value when the slot chose): re-encode what it changed, or let the job leave if it reached the
   * cap in both roles.
   */
  public abstract void allocated(int column, int node);

  /**
   * The node action {@code action} sends its task to, or {@link Placement#NOWHERE} when the slot
   * decides.
   */
  public int nodeFor(int action) {
    return Placement.NOWHERE;
  }

  /** Encodes column {@code column} afresh (zeros if empty) with its mask. */
  void encode(int column) {
    JobView job = columns[column];
    if (job == null) {
      Arrays.fill(features[column], 0.0);
    } else {
      encoding.encodeColumn(job, column, slot, features[column]);
    }
    observer.maskColumn(job, column, mask);
  }

  /** Encodes the global features again and tells the listener if they changed. */
  void reencodeGlobals() {
    if (globals.length == 0) {
      return;
    }
    double[] before = globals.clone();
    encoding.encodeGlobals(globals);
    if (listener != null && !Arrays.equals(before, globals)) {
      listener.globalsChanged();
    }
  }

  void tellChanged(int column) {
    if (listener != null) {
      listener.changed(column);
    }
  }

  void tellRemoved(int column) {
    if (listener != null) {
      listener.removed(column);
    }
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
    double[] state = new double[encoding.size()];
    var layout = encoding.layout();
    for (int c = 0; c < filled; c++) {
      double[] f = features[c];
      for (int k = 0; k < f.length; k++) {
        state[layout.index(c, k)] = f[k];
      }
    }
    for (int g = 0; g < globals.length; g++) {
      state[layout.globalIndex(encoding.featuresPerColumn(), g)] = globals[g];
    }
    return new Observation(state, mask.clone(), columns.clone());
  }
}
