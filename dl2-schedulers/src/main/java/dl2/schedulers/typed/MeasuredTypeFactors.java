package dl2.schedulers.typed;

import dl2.model.JobType;
import dl2.slot.JobOrder;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.ProgressMeter;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Factors measured from observed progress, as Gavel profiles throughputs: each slot a job ran on
 * one GPU type with a worker and a PS, its progress over the dry run's epochs at that allocation is
 * one sample of its job type's factor there; the samples of all jobs of the type are pooled (their
 * mean). A (job type, GPU type) pair not measured yet is believed as fast as the curve ({@link
 * #PRIOR}, the fastest any type can be), so the rule tries it, and one slot there measures it. Only
 * GPU type names are read, never the cluster's factors.
 */
final class MeasuredTypeFactors implements TypeFactors {
  /** The factor believed before any sample: optimism that makes every pair be tried once. */
  static final double PRIOR = 1;

  /** Per GPU type name: Σ samples and their count by job type ordinal. */
  private Map<String, double[]> sums = new TreeMap<>();

  private Map<String, int[]> counts = new TreeMap<>();
  private final ProgressMeter meter = new ProgressMeter();

  /** The GPU type name each job measured by {@link #meter} ran on last slot. */
  private Map<Integer, String> ranOn = new TreeMap<>();

  private GpuTypeNodes nodes;

  @Override
  public void startSlot(ObservedSlot slot, GpuTypeNodes nodes) {
    if (meter.startsNewRun(slot)) {
      sums = new TreeMap<>(); // a new run: its jobs and cluster say nothing of the old one's
      counts = new TreeMap<>();
      ranOn = new TreeMap<>();
    }
    this.nodes = nodes;
    List<JobView> jobs = slot.jobs();
    if (!(slot instanceof SlotContext context)) {
      return; // no dry run to measure against: nothing is learned
    }
    for (JobProgress measured : meter.measurements(slot)) {
      String type = ranOn.get(measured.jobId());
      JobView job = jobs.get(JobOrder.indexOfId(jobs, measured.jobId()));
      double dryRun =
          context.dryRunEpochsPerSlot(job, measured.parameterServers(), measured.workers());
      if (type != null && dryRun > 0) {
        add(type, job.type(), measured.epochsPerSlot() / dryRun);
      }
    }
  }

  private void add(String gpuType, JobType jobType, double sample) {
    sums.computeIfAbsent(gpuType, t -> new double[JobType.MAX_TYPES])[jobType.ordinal()] += sample;
    counts.computeIfAbsent(gpuType, t -> new int[JobType.MAX_TYPES])[jobType.ordinal()]++;
  }

  @Override
  public double factor(JobType jobType, int gpuType) {
    String name = nodes.name(gpuType);
    int[] seen = counts.get(name);
    if (seen == null || seen[jobType.ordinal()] == 0) {
      return PRIOR;
    }
    double mean = sums.get(name)[jobType.ordinal()] / seen[jobType.ordinal()];
    return Math.min(1, Math.max(mean, Double.MIN_NORMAL)); // a factor stays in (0, 1]
  }

  /** How many samples of {@code jobType} on {@code gpuType} are pooled. */
  int samples(JobType jobType, int gpuType) {
    int[] seen = counts.get(nodes.name(gpuType));
    return seen == null ? 0 : seen[jobType.ordinal()];
  }

  @Override
  public void endSlot(ObservedSlot slot, JobTypes typeOf) {
    List<JobView> running = new ArrayList<>();
    ranOn = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      int type = typeOf.of(job.id());
      if (job.workers() > 0 && job.parameterServers() > 0 && type >= 0) {
        running.add(job);
        ranOn.put(job.id(), nodes.name(type));
      }
    }
    meter.remember(running, slot.slot());
  }
}
