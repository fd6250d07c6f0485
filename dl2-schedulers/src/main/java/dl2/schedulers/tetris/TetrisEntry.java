package dl2.schedulers.tetris;

import dl2.slot.JobView;
import java.util.Comparator;

/** A job's place in its demand group: most work first, then lowest id. */
record TetrisEntry(double work, int id, JobView job) {
  /** Most work first, then lowest id. */
  static final Comparator<TetrisEntry> MOST_WORK_FIRST =
      (a, b) -> {
        int byWork = Double.compare(b.work(), a.work());
        return byWork != 0 ? byWork : Integer.compare(a.id(), b.id());
      };
}
