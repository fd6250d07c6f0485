package dl2.learning.speeds;

import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.slot.JobOrder;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacementView;
import dl2.slot.ProgressMeter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How fast each job, and each model, was measured to run on each GPU type of the cluster (Project:
 * DL2 choosing the type), from observed progress only. A slot's measurement counts for a type only
 * if every worker of the job ran on nodes of that type: a job trains at its slowest worker's pace,
 * so a slot that mixed types does not say which one held it back. Measurements are read against the
 * model's curve as now fitted to all its measurements ({@link ObservedSpeeds}), as ln(measured /
 * fitted epochs per slot at that allocation), so allocations of different sizes compare; a type's
 * relative speed is exp(its mean − the best measured type's mean), 1 on the best type measured,
 * recomputed at every slot's start. Forgotten when a new run starts (job ids restart).
 */
public final class GpuTypeSpeeds {
  /** Measurements kept per model and type: older ones describe an earlier mix of jobs. */
  private static final int MODEL_MEMORY = 16;

  /** Measurements kept per job and type. */
  private static final int JOB_MEMORY = 4;

  private static final int MIXED = -1;

  private final ProgressMeter meter = new ProgressMeter();
  private ClusterSpec spec;
  private ClusterGpuTypes types;
  private final Map<JobType, TypeMeasurements> byModel = new TreeMap<>();
  private final Map<Integer, TypeMeasurements> byJob = new TreeMap<>();
  private final Map<Integer, JobType> modelOf = new TreeMap<>();
  private final Map<Integer, Integer> workerType = new TreeMap<>(); // job id → its workers' type

  /**
   * At a slot's start, after {@code speeds} learnt from it: learns from what the last slot's jobs
   * were measured to make on the one type their workers ran on, and reads every measurement kept
   * against the curves as fitted now.
   */
  public void startSlot(ObservedSlot slot, ObservedSpeeds speeds) {
    ClusterSpec now = slot.cluster().spec();
    if (meter.startsNewRun(slot) || types == null || (now != spec && !types.describes(now))) {
      byModel.clear();
      byJob.clear();
      modelOf.clear();
      workerType.clear();
      types = ClusterGpuTypes.of(now);
    }
    spec = now;
    List<JobView> jobs = slot.jobs();
    for (JobProgress measured : meter.measurements(slot)) {
      Integer type = workerType.get(measured.jobId());
      int index = JobOrder.indexOfId(jobs, measured.jobId());
      double rate = measured.epochsPerSlot();
      if (type == null || type == MIXED || index < 0 || !(rate > 0) || Double.isInfinite(rate)) {
        continue;
      }
      JobType model = jobs.get(index).type();
      double[] point = {measured.parameterServers(), measured.workers(), rate};
      byModel
          .computeIfAbsent(model, m -> new TypeMeasurements(types.count(), MODEL_MEMORY))
          .add(type, point);
      byJob
          .computeIfAbsent(measured.jobId(), id -> new TypeMeasurements(types.count(), JOB_MEMORY))
          .add(type, point);
      modelOf.put(measured.jobId(), model);
    }
    byModel.forEach((model, kept) -> kept.read(model, speeds));
    byJob.forEach((id, kept) -> kept.read(modelOf.get(id), speeds));
  }

  /** The slot's decisions are done: remembers each job's progress and its workers' GPU type. */
  public void endSlot(ObservedSlot slot, PlacementView view) {
    meter.remember(slot.jobs(), slot.slot());
    workerType.clear();
    Set<Integer> live = new TreeSet<>();
    for (JobView job : slot.jobs()) {
      live.add(job.id());
      int type = Integer.MIN_VALUE;
      for (int i = 0; i < view.nodesOf(job); i++) {
        int node = view.nodeOf(job, i);
        if (view.workersOf(job, node) > 0) {
          int here = types.typeOf(node);
          type = type == Integer.MIN_VALUE || type == here ? here : MIXED;
        }
      }
      if (type != Integer.MIN_VALUE) {
        workerType.put(job.id(), type);
      }
    }
    byJob.keySet().retainAll(live);
    modelOf.keySet().retainAll(live);
  }

  /** The cluster's GPU types (null before the first slot). */
  public ClusterGpuTypes types() {
    return types;
  }

  /**
   * How fast jobs of {@code model} ran on type {@code type} against the best type measured for
   * them, in (0, 1]; NaN if never measured there.
   */
  public double modelSpeed(JobType model, int type) {
    TypeMeasurements known = byModel.get(model);
    return known == null ? Double.NaN : known.relative(type);
  }

  /** As {@link #modelSpeed}, from job {@code jobId}'s own measurements. */
  public double jobSpeed(int jobId, int type) {
    TypeMeasurements known = byJob.get(jobId);
    return known == null ? Double.NaN : known.relative(type);
  }

  /**
   * The last measurements (p, w, epochs per slot) per type, each type's kept in a ring, and each
   * type's speed relative to the best as last read.
   */
  private static final class TypeMeasurements {
    private final double[][][] rings;
    private final int[] counts;
    private final double[] relative;

    TypeMeasurements(int typeCount, int memory) {
      rings = new double[typeCount][memory][];
      counts = new int[typeCount];
      relative = new double[typeCount];
    }

    void add(int type, double[] point) {
      rings[type][counts[type] % rings[type].length] = point;
      counts[type]++;
    }

    /** Reads every type's measurements against {@code model}'s curve as now fitted. */
    void read(JobType model, ObservedSpeeds speeds) {
      double[] means = new double[counts.length];
      double best = Double.NEGATIVE_INFINITY;
      for (int type = 0; type < counts.length; type++) {
        means[type] = meanDeviation(type, model, speeds);
        if (means[type] > best) {
          best = means[type];
        }
      }
      for (int type = 0; type < counts.length; type++) {
        relative[type] = Double.isNaN(means[type]) ? Double.NaN : Math.exp(means[type] - best);
      }
    }

    private double meanDeviation(int type, JobType model, ObservedSpeeds speeds) {
      int n = Math.min(counts[type], rings[type].length);
      double sum = 0;
      int used = 0;
      for (int i = 0; i < n; i++) {
        double[] point = rings[type][i];
        double curve = speeds.curveEpochsPerSlot(model, (int) point[0], (int) point[1]);
        if (curve > 0) {
          sum += Math.log(point[2] / curve);
          used++;
        }
      }
      return used == 0 ? Double.NaN : sum / used;
    }

    double relative(int type) {
      return relative[type];
    }
  }
}
