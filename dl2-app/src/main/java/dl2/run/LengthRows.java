package dl2.run;

import dl2.evaluation.Evaluation;
import dl2.registry.Trait;
import dl2.report.Comparison;
import dl2.schedulers.lengths.LengthSchedulers;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.SchedulerName;
import dl2.workload.LengthKnowledge;
import java.util.ArrayList;
import java.util.List;

/**
 * Compare's rows when lengths are estimated or unknown (docs/job-lengths.md): the default rows plus
 * the information-matched baselines and the length-oracle reference under each placement compared
 * (and {@code ia-greedy-posterior}, {@code ia-greedy-multistep-posterior} where their bases run),
 * before the learned rows; under {@code unknown}, only the rows that read no length (and dl2's,
 * whose state believes the prior: docs/job-lengths.md). The oracles are references there, never the
 * best heuristic.
 */
public final class LengthRows {
  private LengthRows() {}

  /** {@code rows} (compare's defaults) as {@code evaluation}'s length setting shapes them. */
  public static List<String> of(List<String> rows, Evaluation evaluation) {
    if (evaluation.lengths().exact()) {
      return rows;
    }
    List<String> placements = new ArrayList<>();
    int firstLearned = rows.size();
    for (int i = 0; i < rows.size(); i++) {
      SchedulerName name = SchedulerName.parse(rows.get(i));
      if (Comparison.isLearned(rows.get(i))) {
        firstLearned = Math.min(firstLearned, i);
      } else if (Schedulers.BASELINES.contains(name.scheduler())
          && !placements.contains(name.placementOrDefault())) {
        placements.add(name.placementOrDefault());
      }
    }
    List<String> added = new ArrayList<>();
    for (String placement : placements) {
      for (String scheduler : Schedulers.BUILT_IN.names(Trait.LENGTH_BASELINE)) {
        added.add(SchedulerName.of(scheduler).withPlacement(placement).toString());
      }
      for (String scheduler : Schedulers.BUILT_IN.names(Trait.LENGTH_ORACLE)) {
        added.add(SchedulerName.of(scheduler).withPlacement(placement).toString());
      }
    }
    if (rows.contains(Schedulers.IA_GREEDY)) {
      added.add(LengthSchedulers.IA_GREEDY_POSTERIOR);
    }
    if (rows.contains(Schedulers.IA_GREEDY_MULTISTEP)) {
      added.add(LengthSchedulers.IA_GREEDY_MULTISTEP_POSTERIOR);
    }
    List<String> all = new ArrayList<>(rows.subList(0, firstLearned));
    all.addAll(added);
    all.addAll(rows.subList(firstLearned, rows.size()));
    if (evaluation.lengths().knowledge() == LengthKnowledge.UNKNOWN) {
      all.removeIf(
          row ->
              !Comparison.isLearned(row)
                  && !evaluation.catalog().is(row, Trait.NEEDS_NO_LENGTHS)
                  && !evaluation
                      .catalog()
                      .pluginNames()
                      .contains(SchedulerName.parse(row).scheduler()));
    }
    return all.stream().distinct().toList();
  }

  /**
   * The rows that are never the best heuristic: none under {@code exact} (as before), else every
   * oracle (of speeds or of lengths), which knows more than the others.
   */
  public static List<String> references(List<String> rows, Evaluation evaluation) {
    if (evaluation.lengths().exact()) {
      return List.of();
    }
    return rows.stream().filter(row -> evaluation.catalog().is(row, Trait.ORACLE)).toList();
  }
}
