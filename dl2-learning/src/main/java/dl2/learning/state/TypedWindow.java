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
  private final JobView[] before;
  private final double[][] featuresBefore;

  TypedWindow(Observer observer, TypedEncoding typed) {
    super(observer);
    this.typed = typed;
    this.scratch = new double[typed.featuresPerColumn()];
    this.before = new JobView[window];
    this.featuresBefore = new double[window][typed.featuresPerColumn()];
  }

  @Override
  void fill() {
    Arrays.fill(columns, null); // a new slot: every job's features are encoded afresh
    refresh(false, null);
  }

  @Override
  public void allocated(int column, int node) {
    refresh(true, columns[column]);
  }

  /**
   * Encodes the window afresh from the candidates still below their caps, oldest first; a job
   * already in the window keeps its observed features (only {@code gained}'s allocation moved).
   */
  private void refresh(boolean tell, JobView gained) {
    int perJob = TypedKind.COUNT;
    System.arraycopy(columns, 0, before, 0, window);
    for (int c = 0; c < window; c++) {
      System.arraycopy(features[c], 0, featuresBefore[c], 0, scratch.length);
    }
    inWindow.clear();
    for (JobView job : candidates) {
      if (inWindow.size() < window / perJob && observer.isCandidate(job)) {
        inWindow.add(job);
      }
    }
    filled = inWindow.size() * perJob;
    for (int c = 0; c < window; c++) {
      JobView job = c < filled ? inWindow.get(c / perJob) : null;
      int old = job == null ? -1 : columnBefore(job, c);
      if (job == null) {
        Arrays.fill(scratch, 0.0);
      } else if (old < 0) {
        typed.encodeColumn(job, c, slot, scratch);
      } else {
        System.arraycopy(featuresBefore[old], 0, scratch, 0, ObservedFeatures.COUNT);
        typed.encodeKnownJob(job, c, slot, job == gained, scratch);
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

  /**
   * A column {@code job} held before this refresh, at or after {@code from} (jobs only move left).
   */
  private int columnBefore(JobView job, int from) {
    for (int c = from; c < window; c++) {
      if (before[c] == job) {
        return c;
      }
    }
    return -1;
  }

  @Override
  public int nodeFor(int action) {
    var actions = observer.actions();
    int column = actions.column(action);
    return typed.nodeFor(column, columns[column], actions.task(action));
  }
}
