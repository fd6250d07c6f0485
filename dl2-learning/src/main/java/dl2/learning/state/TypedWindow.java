package dl2.learning.state;

import dl2.slot.JobView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The typed encoding's kept window: {@link TypedKind#COUNT} consecutive columns per job. A task
 * changes its node's load and its type's free GPUs, which every column of that type reads, so after
 * each task the whole window is encoded again (as {@link Observer#observe} would) and the listener
 * hears only of the columns whose features or jobs changed.
 */
final class TypedWindow extends SlotWindow {
  private final TypedEncoding typed;
  private final double[] scratch;
  private final List<JobView> inWindow = new ArrayList<>();

  TypedWindow(Observer observer, TypedEncoding typed) {
    super(observer);
    this.typed = typed;
    this.scratch = new double[typed.featuresPerColumn()];
  }

  @Override
  void fill() {
    refresh(false);
  }

  @Override
  public void allocated(int column, int node) {
    refresh(true);
  }

  /** Encodes the window afresh from the candidates still below their caps, oldest first. */
  private void refresh(boolean tell) {
    int perJob = TypedKind.COUNT;
    inWindow.clear();
    for (JobView job : candidates) {
      if (inWindow.size() < window / perJob && observer.isCandidate(job)) {
        inWindow.add(job);
      }
    }
    filled = inWindow.size() * perJob;
    for (int c = 0; c < window; c++) {
      JobView job = c < filled ? inWindow.get(c / perJob) : null;
      if (job == null) {
        Arrays.fill(scratch, 0.0);
      } else {
        typed.encodeColumn(job, c, slot, scratch);
      }
      observer.maskColumn(job, c, mask);
      boolean changed = columns[c] != job || !Arrays.equals(scratch, features[c]);
      columns[c] = job;
      System.arraycopy(scratch, 0, features[c], 0, scratch.length);
      if (tell && changed) {
        tellChanged(c);
      }
    }
  }

  @Override
  public int nodeFor(int action) {
    var actions = observer.actions();
    int column = actions.column(action);
    return typed.nodeFor(column, columns[column], actions.task(action));
  }
}
