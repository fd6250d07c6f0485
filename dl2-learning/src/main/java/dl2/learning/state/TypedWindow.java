package dl2.learning.state;

import dl2.slot.JobView;
import dl2.slot.Placement;
import java.util.Arrays;

/**
 * The typed encoding's kept window: {@link TypedKind#COUNT} consecutive columns per job. A task on
 * a node changes the job's own columns, the beside-own column of every job on that node (the only
 * column with crowding), the columns of the node's type (their least-loaded node) and global
 * features ({@link TypedGlobals}); only those are encoded again (as {@link Observer#observe}
 * would), keeping each job's observed features, and the listener hears of the ones that changed.
 */
final class TypedWindow extends SlotWindow {
  private final TypedEncoding typed;
  private final double[] before;

  TypedWindow(Observer observer, TypedEncoding typed) {
    super(observer);
    this.typed = typed;
    this.before = new double[typed.featuresPerColumn()];
  }

  /** The oldest candidates, each in {@link TypedKind#COUNT} consecutive columns. */
  @Override
  void fill() {
    int perJob = TypedKind.COUNT;
    int jobs = Math.min(window / perJob, candidates.size());
    filled = jobs * perJob;
    next = jobs;
    for (int c = 0; c < window; c++) {
      columns[c] = c < filled ? candidates.get(c / perJob) : null;
      encode(c);
    }
  }

  @Override
  public void allocated(int column, int node) {
    int perJob = TypedKind.COUNT;
    int first = column - column % perJob;
    JobView job = columns[first];
    reencodeGlobals();
    if (observer.isCandidate(job)) {
      reencode(first, true, null);
      for (int c = first + 1; c < first + perJob; c++) {
        reencode(c, false, features[first]); // the job's own features, computed once
      }
    } else {
      leave(first);
    }
    if (node == Placement.NOWHERE) {
      for (int c = 0; c < filled; c++) {
        if (columns[c] != job) {
          reencode(c, false, null);
        }
      }
      return;
    }
    int landedType = typed.typeSpeeds().types().typeOf(node);
    for (int c = 0; c < filled; c++) {
      if (columns[c] != job && touched(c, node, landedType)) {
        reencode(c, false, null);
      }
    }
  }

  /** The job of columns {@code [first, first + COUNT)} reached its caps: the rest move left. */
  private void leave(int first) {
    int perJob = TypedKind.COUNT;
    double[][] freed = Arrays.copyOfRange(features, first, first + perJob);
    int moved = window - first - perJob;
    System.arraycopy(columns, first + perJob, columns, first, moved);
    System.arraycopy(features, first + perJob, features, first, moved);
    System.arraycopy(freed, 0, features, window - perJob, perJob);
    filled -= perJob;
    for (int c = window - perJob; c < window; c++) {
      columns[c] = null;
      Arrays.fill(features[c], 0.0);
    }
    for (int c = first; c < window; c++) {
      observer.maskColumn(columns[c], c, mask);
    }
    for (int k = 0; k < perJob; k++) {
      tellRemoved(first);
    }
    if (next < candidates.size()) {
      JobView entering = candidates.get(next++);
      for (int k = 0; k < perJob; k++) {
        columns[filled + k] = entering;
        encode(filled + k);
        tellChanged(filled + k);
      }
      filled += perJob;
    }
  }

  /**
   * True if a task on {@code node}, of GPU type {@code landedType}, may change column {@code c} of
   * another job: the column is of that type and its least-loaded node may have changed what it says
   * ({@link TypedEncoding#perTypeColumnMayChange}), or it is the beside-own column of a job on that
   * node (its crowding changed; the other columns carry none).
   */
  private boolean touched(int c, int node, int landedType) {
    int type = TypedKind.typeOfColumn(c);
    if (type < 0) {
      return typed.view().indexOn(node, columns[c]) >= 0;
    }
    return type == landedType && typed.perTypeColumnMayChange(columns[c], c, features[c]);
  }

  /**
   * Encodes column {@code c}'s placed and typed features again, and its allocation's if gained;
   * with {@code observedFrom}, the job's observed features are copied from there instead.
   */
  private void reencode(int c, boolean gained, double[] observedFrom) {
    double[] f = features[c];
    System.arraycopy(f, 0, before, 0, f.length);
    if (observedFrom != null) {
      System.arraycopy(observedFrom, 0, f, 0, ObservedFeatures.COUNT);
    }
    typed.encodeKnownJob(columns[c], c, slot, gained, f);
    observer.maskColumn(columns[c], c, mask);
    if (!Arrays.equals(before, f)) {
      tellChanged(c);
    }
  }

  @Override
  public int nodeFor(int action) {
    var actions = observer.actions();
    int column = actions.column(action);
    return typed.nodeFor(column, columns[column], actions.task(action));
  }
}
