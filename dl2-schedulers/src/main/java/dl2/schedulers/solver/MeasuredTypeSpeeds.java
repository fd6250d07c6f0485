package dl2.schedulers.solver;

import dl2.model.GpuType;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ProgressMeter;
import dl2.slot.SlotContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The speed per type as a cluster measures it, never from a speed model (docs/heuristics/
 * gavel-and-sia.md): after each slot, every job that trained on one GPU type yields its epochs in
 * the slot under the (p, w) it held, pooled by model, GPU type and (p, w), since jobs of one model
 * train alike. A combination not measured yet is estimated as Gavel estimates unseen throughputs,
 * optimistically, so that the rounding tries it: the best measured on another type at that (p, w),
 * else the mean of every measurement at that (p, w), else 1 epoch per slot. Everything resets when
 * a new run starts.
 */
public final class MeasuredTypeSpeeds implements TypeSpeeds {
  /** The prior of a configuration nothing was measured at: any positive constant serves. */
  private static final double NOTHING_MEASURED = 1;

  private final ProgressMeter meter = new ProgressMeter();

  /** Per key "model|type|p|w": Σ epochs per slot and count; looked up, never iterated. */
  private Map<String, double[]> measured = new HashMap<>();

  /** Per key "p|w": the same over every model and type. */
  private Map<String, double[]> byConfig = new HashMap<>();

  /** Per key "model|p|w": the best mean measured on any type. */
  private Map<String, Double> bestByModel = new HashMap<>();

  /** The GPU type each job ran on last slot, by id. */
  private Map<Integer, String> lastType = new HashMap<>();

  @Override
  public void observe(SlotContext slot) {
    if (meter.startsNewRun(slot)) {
      measured = new HashMap<>();
      byConfig = new HashMap<>();
      bestByModel = new HashMap<>();
      lastType = new HashMap<>();
    }
    List<JobView> jobs = slot.jobs();
    for (JobProgress progress : meter.measurements(slot)) {
      String gpu = lastType.get(progress.jobId());
      if (gpu == null || progress.workers() == 0 || progress.parameterServers() == 0) {
        continue;
      }
      String model = modelOf(jobs, progress.jobId());
      String config = progress.parameterServers() + "|" + progress.workers();
      double[] sums =
          measured.computeIfAbsent(model + "|" + gpu + "|" + config, k -> new double[2]);
      sums[0] += progress.epochsPerSlot();
      sums[1]++;
      double[] all = byConfig.computeIfAbsent(config, k -> new double[2]);
      all[0] += progress.epochsPerSlot();
      all[1]++;
      bestByModel.merge(model + "|" + config, sums[0] / sums[1], Math::max);
    }
  }

  @Override
  public void allocated(SlotContext slot, List<TypedAllocation> plan, GpuTypeCapacity capacity) {
    Map<Integer, String> types = new HashMap<>();
    for (TypedAllocation a : plan) {
      String gpu = a.type() == TypedAllocation.ANY_TYPE ? "any" : capacity.type(a.type()).name();
      types.put(a.job().id(), gpu);
    }
    lastType = types;
    meter.remember(slot.jobs(), slot.slot());
  }

  @Override
  public double epochsPerSlot(SlotContext slot, JobView job, GpuType gpu, int ps, int workers) {
    String model = job.type().modelName();
    String config = ps + "|" + workers;
    String gpuName = job.type().usesGpu() ? gpu.name() : "any";
    double[] sums = measured.get(model + "|" + gpuName + "|" + config);
    if (sums != null) {
      return sums[0] / sums[1];
    }
    Double best = bestByModel.get(model + "|" + config);
    if (best != null) {
      return best;
    }
    double[] all = byConfig.get(config);
    return all != null ? all[0] / all[1] : NOTHING_MEASURED;
  }

  private static String modelOf(List<JobView> jobs, int id) {
    for (JobView job : jobs) {
      if (job.id() == id) {
        return job.type().modelName();
      }
    }
    throw new IllegalStateException("job " + id + " is not outstanding");
  }
}
