package dl2.report;

import java.util.List;

/**
 * One scheduler's results on a list of traces, in trace order. A baseline and the learned scheduler
 * produce the same record, so reports treat them alike.
 */
public record SchedulerRun(String scheduler, List<TraceOutcome> traces) {
  public SchedulerRun {
    if (traces.isEmpty()) {
      throw new IllegalArgumentException("a run of " + scheduler + " needs at least one trace");
    }
    traces = List.copyOf(traces);
  }

  /** Mean over traces of the average JCT, summed in trace order. */
  public double meanAvgJct() {
    double sum = 0;
    for (TraceOutcome trace : traces) {
      sum += trace.avgJctSlots();
    }
    return sum / traces.size();
  }

  /** Mean over traces of the makespan, summed in trace order. */
  public double meanMakespan() {
    double sum = 0;
    for (TraceOutcome trace : traces) {
      sum += trace.makespanSlots();
    }
    return sum / traces.size();
  }

  /**
   * Mean over traces of each trace's average waiting time (arrival to first allocation), in trace
   * order.
   */
  public double meanWaitingSlots() {
    double sum = 0;
    for (TraceOutcome trace : traces) {
      sum += trace.avgWaitingSlots();
    }
    return sum / traces.size();
  }

  /** Every job's JCT over all traces, ascending. */
  public double[] sortedJcts() {
    return traces.stream()
        .flatMap(t -> t.jobs().stream())
        .mapToDouble(JobOutcome::jctSlots)
        .sorted()
        .toArray();
  }

  /**
   * The {@code percent}-th percentile of the JCT over every job of every trace (nearest rank); NaN
   * without jobs.
   */
  public double jctPercentile(double percent) {
    return Percentiles.nearestRank(sortedJcts(), percent);
  }

  /** The per-trace average JCTs, in trace order. */
  public double[] avgJcts() {
    return traces.stream().mapToDouble(TraceOutcome::avgJctSlots).toArray();
  }

  /** Slots simulated over all traces. */
  public long simulatedSlots() {
    return traces.stream().mapToLong(TraceOutcome::simulatedSlots).sum();
  }

  public List<String> traceNames() {
    return traces.stream().map(TraceOutcome::name).toList();
  }
}
