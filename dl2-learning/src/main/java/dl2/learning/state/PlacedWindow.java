package dl2.learning.state;

import dl2.slot.JobView;
import java.util.Arrays;

/**
 * The placed encoding's kept window: a job has {@link NodeKind#count()} consecutive columns, and a
 * task also changes the columns of other jobs that its node concerns ({@link PlacedColumns}); only
 * those are re-encoded.
 */
final class PlacedWindow extends SlotWindow {
  private final PlacedEncoding placed;
  private final PlacedColumns columnNodes;

  PlacedWindow(Observer observer, PlacedEncoding placed) {
    super(observer);
    this.placed = placed;
    this.columnNodes = new PlacedColumns(observer, placed, window, placed.featuresPerColumn());
  }

  /** The oldest candidates, each in {@link NodeKind#count()} consecutive columns. */
  @Override
  void fill() {
    columnNodes.begin(placed.view());
    int perJob = NodeKind.count();
    int jobs = Math.min(window / perJob, candidates.size());
    filled = jobs * perJob;
    next = jobs;
    for (int c = 0; c < window; c++) {
      columns[c] = c < filled ? candidates.get(c / perJob) : null;
      if (c >= filled) {
        encode(c);
      } else if (c % perJob == 0) {
        encodeJob(c);
      }
    }
  }

  @Override
  public void allocated(int column, int node) {
    allocatedJob(column - column % NodeKind.count(), node);
  }

  /** The job of columns {@code [first, first + kinds)} got a task on {@code node}. */
  private void allocatedJob(int first, int node) {
    int perJob = NodeKind.count();
    JobView job = columns[first];
    columnNodes.taskAdded(node);
    if (observer.isCandidate(job)) {
      placed.reencodeJob(job, slot, features[first]);
      for (int k = 0; k < perJob; k++) {
        System.arraycopy(features[first], 0, features[first + k], 0, ObservedFeatures.COUNT);
        columnNodes.reencode(job, first + k, features[first + k], mask);
      }
      refresh(node, first, first + perJob);
      for (int k = 0; k < perJob; k++) {
        tellChanged(first + k);
      }
      return;
    }
    double[][] freed = Arrays.copyOfRange(features, first, first + perJob);
    int moved = window - first - perJob;
    System.arraycopy(columns, first + perJob, columns, first, moved);
    System.arraycopy(features, first + perJob, features, first, moved);
    System.arraycopy(freed, 0, features, window - perJob, perJob);
    columnNodes.remove(first, perJob);
    filled -= perJob;
    for (int c = window - perJob; c < window; c++) {
      columns[c] = null;
      Arrays.fill(features[c], 0.0);
    }
    for (int c = first; c < window; c++) {
      columnNodes.mask(columns[c], c, mask);
    }
    for (int k = 0; k < perJob; k++) {
      tellRemoved(first);
    }
    refresh(node, 0, 0);
    if (next < candidates.size()) {
      JobView entering = candidates.get(next++);
      for (int k = 0; k < perJob; k++) {
        columns[filled + k] = entering;
      }
      encodeJob(filled);
      for (int k = 0; k < perJob; k++) {
        tellChanged(filled + k);
      }
      filled += perJob;
    }
  }

  /**
   * Re-encodes the columns outside {@code [from, to)} (the job that got it) that a task on {@code
   * node} changed.
   */
  private void refresh(int node, int from, int to) {
    for (int c = 0; c < filled; c++) {
      if ((c < from || c >= to) && columnNodes.refresh(columns[c], c, node, features[c], mask)) {
        tellChanged(c);
      }
    }
  }

  /** Encodes a job's columns from {@code first}: its own features once, then each kind's. */
  private void encodeJob(int first) {
    JobView job = columns[first];
    placed.encodeJob(job, slot, features[first]);
    for (int k = 0; k < NodeKind.count(); k++) {
      System.arraycopy(features[first], 0, features[first + k], 0, ObservedFeatures.COUNT);
      columnNodes.encode(job, first + k, features[first + k], mask);
    }
  }

  @Override
  public int nodeFor(int action) {
    var actions = observer.actions();
    return columnNodes.nodeFor(actions.column(action), actions.task(action));
  }
}
