package dl2.kubernetes.controller;

import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.ObservedJob;
import dl2.slot.JobProgress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each job was measured to do since this controller's previous slot: the progress it reported,
 * under the allocation the controller gave it for that slot, over the part of the slot it trained
 * (up to {@code finishedAt} if it finished). Their Δ/E sum to the slot reward (§7.5).
 */
final class JobMeasurements {
  private final Map<String, Double> lastEpochsDone = new HashMap<>();

  /**
   * The measurements of slot {@code slot - 1}, ascending job id, and this controller's memory moved
   * on to now.
   */
  List<JobProgress> since(List<ObservedJob> observed, int slot, Instant origin, int slotSeconds) {
    List<JobProgress> measured = new ArrayList<>();
    for (ObservedJob job : observed) {
      if (!job.parsed() || job.job().getSpec() == null || job.job().getSpec().epochs == null) {
        continue;
      }
      Dl2JobStatus status = job.status();
      double done = status.epochsDone == null ? 0 : status.epochsDone;
      Double previous = lastEpochsDone.put(job.name(), done);
      if (previous == null
          || status.jobId == null
          || !(job.job().getSpec().epochs > 0)
          || done == previous) {
        continue;
      }
      double trained = 1;
      if (status.finishedAt != null) {
        double end = Admission.slotsBetween(origin, Instant.parse(status.finishedAt), slotSeconds);
        trained = Math.min(1, Math.max(0, end - (slot - 1)));
      }
      double epochs = done - previous;
      measured.add(
          new JobProgress(
              status.jobId,
              status.parameterServers == null ? 0 : status.parameterServers,
              status.workers == null ? 0 : status.workers,
              epochs,
              trained,
              epochs / job.job().getSpec().epochs,
              status.finishedAt != null));
    }
    measured.sort((a, b) -> Integer.compare(a.jobId(), b.jobId()));
    return measured;
  }
}
