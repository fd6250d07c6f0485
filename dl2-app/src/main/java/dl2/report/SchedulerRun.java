package dl2.report;

import java.util.List;

/**
 * One scheduler's results on a list of traces, in trace order. A baseline and the learned
 * scheduler produce the same record, so reports treat them alike.
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

  /** Slots simulated over all traces. */
  public long simulatedSlots() {
    return traces.stream().mapToLong(TraceOutcome::simulatedSlots).sum();
  }

  public List<String> traceNames() {
    return traces.stream().map(TraceOutcome::name).toList();
  }
}
