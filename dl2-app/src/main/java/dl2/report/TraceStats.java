package dl2.report;

import java.util.List;

/** Mean and spread of a per-trace metric, summed in trace order. */
record TraceStats(double mean, double standardDeviation) {
  /** The mean and the sample standard deviation (n − 1; 0 for a single trace). */
  static TraceStats of(List<Double> values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / values.size();
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return new TraceStats(mean, values.size() < 2 ? 0 : Math.sqrt(squares / (values.size() - 1)));
  }

  static TraceStats avgJct(SchedulerRun run) {
    return of(run.traces().stream().map(TraceOutcome::avgJctSlots).toList());
  }

  static TraceStats makespan(SchedulerRun run) {
    return of(run.traces().stream().map(TraceOutcome::makespanSlots).toList());
  }
}
