package dl2.run;

import dl2.evaluation.Evaluation;
import dl2.registry.Trait;
import dl2.report.Comparison;
import dl2.schedulers.registry.Schedulers;
import java.util.ArrayList;
import java.util.List;

/**
 * Compare's rows on a cluster of several GPU types (docs/heuristics/gavel-and-sia.md): the default
 * rows plus every scheduler that chooses a job's GPU type ({@link Trait#GPU_TYPE_AWARE}), before
 * the learned rows, so that the best heuristic is taken over them too. A single-type cluster keeps
 * its rows as they were.
 */
public final class GpuTypeRows {
  private GpuTypeRows() {}

  /** {@code rows} (compare's defaults) with the GPU-type-aware schedulers where types differ. */
  public static List<String> of(List<String> rows, Evaluation evaluation) {
    if (evaluation.config().cluster().uniformSpeed()) {
      return rows;
    }
    int firstLearned = rows.size();
    for (int i = rows.size() - 1; i >= 0; i--) {
      if (Comparison.isLearned(rows.get(i))) {
        firstLearned = i;
      }
    }
    List<String> all = new ArrayList<>(rows.subList(0, firstLearned));
    Schedulers.BUILT_IN.names(Trait.GPU_TYPE_AWARE).stream()
        .filter(name -> !rows.contains(name))
        .forEach(all::add);
    all.addAll(rows.subList(firstLearned, rows.size()));
    return all;
  }
}
