package dl2.run;

import dl2.console.Progress;
import dl2.evaluation.Evaluation;
import dl2.evaluation.TraceInput;
import dl2.report.Comparison;
import dl2.report.SchedulerRun;
import dl2.report.TraceOutcome;
import dl2.simulation.RecordedSimulation;
import dl2.workload.TraceSet;
import java.util.ArrayList;
import java.util.List;

/** An evaluation's runs as the report reads them: one {@link SchedulerRun} per scheduler. */
public final class ComparisonRuns {
  private ComparisonRuns() {}

  /** Every scheduler on every trace of {@code evaluation}, in the given order. */
  public static List<SchedulerRun> runAll(
      Evaluation evaluation, List<String> schedulers, int threads, Progress progress) {
    List<List<RecordedSimulation>> runs = evaluation.runAll(schedulers, threads, progress::step);
    List<SchedulerRun> bySchedulers = new ArrayList<>();
    for (int s = 0; s < schedulers.size(); s++) {
      List<TraceOutcome> outcomes = new ArrayList<>();
      for (TraceInput trace : evaluation.traces()) {
        outcomes.add(TraceOutcome.of(runs.get(s).get(trace.index()), trace.generatorSeed()));
      }
      bySchedulers.add(new SchedulerRun(schedulers.get(s), outcomes));
    }
    return bySchedulers;
  }

  public static SchedulerRun run(
      Evaluation evaluation, String scheduler, int threads, Progress progress) {
    return runAll(evaluation, List.of(scheduler), threads, progress).get(0);
  }

  /**
   * {@code test}, {@code validation} or, for trace files, {@code files}: as results.json records
   * it.
   */
  public static String traceSetName(Evaluation evaluation) {
    return evaluation
        .traceSet()
        .map(set -> set == TraceSet.TEST ? Comparison.TEST : Comparison.VALIDATION)
        .orElse(Comparison.FILES);
  }

  public static List<String> traceNames(Evaluation evaluation) {
    return evaluation.traces().stream().map(t -> t.trace().name()).toList();
  }

  /**
   * Per trace, the least total JCT any of {@code runs} reached there: what the priced bound aims
   * at.
   */
  public static List<Double> bestTotals(Evaluation evaluation, List<SchedulerRun> runs) {
    List<Double> totals = new java.util.ArrayList<>();
    for (int i = 0; i < evaluation.traces().size(); i++) {
      double best = Double.POSITIVE_INFINITY;
      for (SchedulerRun run : runs) {
        best = Math.min(best, run.traces().get(i).avgJctSlots());
      }
      totals.add(best * evaluation.traces().get(i).trace().jobs().size());
    }
    return totals;
  }
}
