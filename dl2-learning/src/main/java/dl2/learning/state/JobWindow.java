package dl2.learning.state;

import java.util.Arrays;

/**
 * A kept window of one column per job: after a task only the job's own column is re-encoded; a job
 * at the cap in both roles leaves, the later columns move one to the left, and the next candidate
 * enters at the end.
 */
final class JobWindow extends SlotWindow {
  JobWindow(Observer observer) {
    super(observer);
  }

  @Override
  void fill() {
    filled = Math.min(window, candidates.size());
    next = filled;
    for (int c = 0; c < window; c++) {
      columns[c] = c < filled ? candidates.get(c) : null;
      encode(c);
    }
  }

  @Override
  public void allocated(int column, int node) {
    if (observer.isCandidate(columns[column])) {
      encoding.reencodeAllocation(columns[column], column, slot, features[column]);
      observer.maskColumn(columns[column], column, mask);
      tellChanged(column);
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
    Arrays.fill(freed, 0.0);
    tellRemoved(column);
    if (next < candidates.size()) {
      columns[filled] = candidates.get(next++);
      encode(filled);
      tellChanged(filled);
      filled++;
    }
  }
}
