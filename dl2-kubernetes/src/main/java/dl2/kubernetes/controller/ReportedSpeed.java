package dl2.kubernetes.controller;

import dl2.model.JobType;
import dl2.slot.JobProgress;
import dl2.speed.SpeedModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Speed estimates from the progress reports, in the spirit of Optimus' online fitting: each job
 * keeps a factor, observed epochs per slot over the speed model's prediction, smoothed
 * exponentially (weight 1/2 on the newest); dry runs are the model times the factor. A measured
 * slot only counts if the job held the same allocation in it and in the slot before (so no resize
 * cost distorts it), had at least one PS and one worker, and made progress. The memory is
 * in-process: a restarted controller starts again from factor 1.
 */
final class ReportedSpeed {
  /** The allocation a measurement was taken under, and the slot it was measured at. */
  private record Measured(int slot, int workers, int parameterServers) {}

  private final SpeedModel model;
  private final int slotSeconds;
  private final Map<Integer, Measured> last = new HashMap<>();
  private final Map<Integer, Double> factors = new HashMap<>();

  ReportedSpeed(SpeedModel model, int slotSeconds) {
    this.model = model;
    this.slotSeconds = slotSeconds;
  }

  /**
   * Takes the measurements made at the start of slot {@code slot} (each job's progress over the
   * slot before, under the allocation it held there; see {@code ProgressMeter}).
   */
  void observe(int slot, List<JobProgress> measurements, IntFunction<JobType> typeOfJob) {
    for (JobProgress m : measurements) {
      Measured before = last.put(m.jobId(), new Measured(slot, m.workers(), m.parameterServers()));
      boolean unchanged =
          before != null
              && before.slot() == slot - 1
              && before.workers() == m.workers()
              && before.parameterServers() == m.parameterServers();
      if (!unchanged || m.workers() < 1 || m.parameterServers() < 1) {
        continue;
      }
      double predicted =
          model.epochsPerSlot(
              typeOfJob.apply(m.jobId()), m.parameterServers(), m.workers(), slotSeconds);
      if (predicted > 0 && m.epochsDone() > 0) {
        factors.merge(m.jobId(), m.epochsDone() / predicted, (old, now) -> 0.5 * old + 0.5 * now);
      }
    }
  }

  double factor(int jobId) {
    return factors.getOrDefault(jobId, 1.0);
  }
}
