package dl2.traces;

import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.workload.NativeTraceReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of a conversion: native jobs (ids 1..N in arrival order, the first arriving at 0 s)
 * and what was left out on the way.
 *
 * @param sourceJobs jobs read from the file (bad rows excluded)
 * @param otherVirtualClusters jobs of other virtual clusters than {@code --vc}
 * @param withoutWork jobs dropped for zero duration or zero steps
 * @param skippedRows bad rows skipped with {@code --skip-bad-rows}
 * @param cappedGpus kept jobs that requested more than {@link TraceMapping#GPU_CAP} GPUs
 */
public record ConvertedTrace(
    List<ConvertedJob> jobs,
    int sourceJobs,
    int otherVirtualClusters,
    int withoutWork,
    int skippedRows,
    int cappedGpus) {
  public ConvertedTrace {
    jobs = List.copyOf(jobs);
  }

  /** The native CSV (dl2-spec §4.7); numbers in shortest round-trip decimal form. */
  public String csv() {
    StringBuilder text = new StringBuilder(32 * (jobs.size() + 1));
    text.append(String.join(",", NativeTraceReader.REQUIRED)).append('\n');
    for (ConvertedJob job : jobs) {
      text.append(job.id())
          .append(',')
          .append(decimal(job.submitSeconds()))
          .append(',')
          .append(job.type().modelName())
          .append(',')
          .append(decimal(job.epochs()))
          .append('\n');
    }
    return text.toString();
  }

  /**
   * The trace exactly as {@link NativeTraceReader} reads {@link #csv()} with slot length {@code
   * slotSeconds}.
   */
  public Trace toTrace(String name, int slotSeconds) {
    List<JobSpec> specs = new ArrayList<>(jobs.size());
    for (ConvertedJob job : jobs) {
      int slot = TraceMapping.arrivalSlot(job.submitSeconds(), slotSeconds);
      specs.add(JobSpec.exact(job.id(), job.type(), slot, job.epochs()));
    }
    return new Trace(name, specs);
  }

  /** Seconds from the first to the last arrival. */
  public double arrivalSpanSeconds() {
    return jobs.isEmpty() ? 0 : jobs.get(jobs.size() - 1).submitSeconds();
  }

  private static String decimal(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
