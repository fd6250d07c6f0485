package dl2.kubernetes.controller;

import dl2.model.JobType;
import dl2.speed.SpeedModel;
import java.util.HashMap;
import java.util.Map;

/**
 * Speed estimates from the progress reports, in the spirit of Optimus' online fitting: each job
 * keeps a factor, observed epochs per slot over the speed model's prediction, smoothed
 * exponentially (weight 1/2 on the newest); dry runs are the model times the factor. A slot only
 * counts if the job held the same allocation in it and in the slot before (so no resize cost
 * distorts it) and had at least one PS and one worker. The memory is in-process: a restarted
 * controller starts again from factor 1.
 */
final class ReportedSpeed {
  private record Slot(int workers, int parameterServers, double epochsDone) {}

  private final SpeedModel model;
  private final int slotSeconds;
  private final Map<String, Slot> previous = new HashMap<>();
  private final Map<String, Double> factors = new HashMap<>();

  ReportedSpeed(SpeedModel model, int slotSeconds) {
    this.model = model;
    this.slotSeconds = slotSeconds;
  }

  /**
   * Takes the start-of-slot report of {@code job}: epochs done so far and the allocation it had
   * during the slot that just ended. Called once per slot per job.
   */
  void observe(String job, JobType type, double epochsDone, int workers, int parameterServers) {
    Slot last = previous.get(job); // the allocation of the slot before, and the epochs done when the ended slot began
    if (last != null && last.workers() == workers && last.parameterServers() == parameterServers && workers >= 1
        && parameterServers >= 1) {
      double predicted = model.epochsPerSlot(type, parameterServers, workers, slotSeconds);
      double observed = epochsDone - last.epochsDone();
      if (predicted > 0 && observed > 0) {
        double ratio = observed / predicted;
        factors.merge(job, ratio, (old, now) -> 0.5 * old + 0.5 * now);
      }
    }
    previous.put(job, new Slot(workers, parameterServers, epochsDone));
  }

  double factor(String job) {
    return factors.getOrDefault(job, 1.0);
  }
}
