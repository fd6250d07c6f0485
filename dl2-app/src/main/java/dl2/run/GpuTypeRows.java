package dl2.run;

import dl2.evaluation.Evaluation;
import dl2.model.ClusterSpec;
import dl2.model.NodeGroup;
import dl2.placement.PlacedSchedulers;
import dl2.registry.Trait;
import dl2.report.Comparison;
import dl2.schedulers.registry.Schedulers;
import dl2.schedulers.typed.FastestTypePlacement;
import java.util.ArrayList;
import java.util.List;

/**
 * Compare's rows on a cluster of several GPU types (docs/heuristics/heterogeneity-aware.md): the
 * default rows plus every baseline under {@code fastest-type} (its workers kept on one GPU type,
 * measured) and the heterogeneity-aware greedy rules, before the learned rows, so that the best
 * heuristic is taken over them too. A cluster of one GPU type keeps its rows as they were.
 */
public final class GpuTypeRows {
  private GpuTypeRows() {}

  /**
   * {@code rows} (compare's defaults) with the GPU-type-aware rules where the cluster mixes types.
   */
  public static List<String> of(List<String> rows, Evaluation evaluation) {
    if (!mixesGpuTypes(evaluation.preset().cluster())) {
      return rows;
    }
    int firstLearned = rows.size();
    for (int i = rows.size() - 1; i >= 0; i--) {
      if (Comparison.isLearned(rows.get(i))) {
        firstLearned = i;
      }
    }
    List<String> all = new ArrayList<>(rows.subList(0, firstLearned));
    for (String baseline : Schedulers.BASELINES) {
      all.add(PlacedSchedulers.named(baseline, FastestTypePlacement.NAME).toString());
    }
    all.addAll(Schedulers.BUILT_IN.names(Trait.GPU_TYPE_AWARE));
    all.addAll(rows.subList(firstLearned, rows.size()));
    return all.stream().distinct().toList();
  }

  /** Whether {@code cluster}'s nodes are of more than one GPU type. */
  static boolean mixesGpuTypes(ClusterSpec cluster) {
    return cluster.groups().stream().map(NodeGroup::gpuType).distinct().count() > 1;
  }
}
