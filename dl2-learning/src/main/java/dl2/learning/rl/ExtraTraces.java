package dl2.learning.rl;

import dl2.learning.run.RunBudget;
import dl2.model.Trace;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;

/**
 * Traces a run trains and validates on besides the preset's generated ones (Project): e.g. the
 * train and validation windows of a real cluster trace, split by time so that its test windows are
 * never seen. Every agent cycles through its generated traces and these, interleaved; the
 * validation that picks checkpoints runs the generated validation traces and these.
 *
 * @param training traces added to every agent's training traces
 * @param validation traces added to the validation traces
 */
public record ExtraTraces(List<Trace> training, List<Trace> validation) {
  public static final ExtraTraces NONE = new ExtraTraces(List.of(), List.of());

  public ExtraTraces {
    training = List.copyOf(training);
    validation = List.copyOf(validation);
  }

  /**
   * {@code list} with {@code extra} interleaved: one extra after every (|list| / |extra|) generated
   * ones.
   */
  static List<Trace> interleave(List<Trace> list, List<Trace> extra) {
    if (extra.isEmpty()) {
      return list;
    }
    java.util.ArrayList<Trace> mixed = new java.util.ArrayList<>(list.size() + extra.size());
    int every = Math.max(1, list.size() / extra.size());
    int next = 0;
    for (int i = 0; i < list.size(); i++) {
      mixed.add(list.get(i));
      if ((i + 1) % every == 0 && next < extra.size()) {
        mixed.add(extra.get(next++));
      }
    }
    mixed.addAll(extra.subList(next, extra.size()));
    return List.copyOf(mixed);
  }

  /**
   * Agent {@code agent}'s generated training traces with these interleaved, as the run's schedulers
   * see them (with estimated lengths where the run has them).
   */
  List<Trace> trainingOf(RunBudget budget, int agent) {
    List<Trace> generated =
        TraceSets.training(budget.preset(), budget.seed(), agent, budget.trainingTraces());
    return budget.asSeen(interleave(generated, training), TraceSet.TRAINING, agent);
  }

  /** The run's generated validation traces followed by these, as its schedulers see them. */
  List<Trace> validationOf(RunBudget budget) {
    List<Trace> all =
        new java.util.ArrayList<>(
            TraceSets.validation(budget.preset(), budget.seed(), budget.validationTraces()));
    all.addAll(validation);
    return budget.asSeen(all, TraceSet.VALIDATION, 0);
  }

  /** The trace names only, so that a run's fingerprint stays short. */
  @Override
  public String toString() {
    return "ExtraTraces[training="
        + training.stream().map(Trace::name).toList()
        + ", validation="
        + validation.stream().map(Trace::name).toList()
        + "]";
  }
}
