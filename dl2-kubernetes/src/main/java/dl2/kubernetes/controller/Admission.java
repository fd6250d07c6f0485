package dl2.kubernetes.controller;

import dl2.kubernetes.api.Dl2JobCondition;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.ObservedJob;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The start of a slot, from the listed DL2Jobs alone (so a restarted controller rebuilds it):
 * invalid jobs get {@code Valid=False} (as do jobs whose objects the API server rejected, until
 * their spec changes); new valid jobs get the next id (creation time, then name) and this slot as
 * arrival; jobs that reported {@code finishedAt} complete at that fractional slot (dl2-spec §5.3);
 * the rest are the slot's schedulable jobs.
 */
final class Admission {
  /** A job with the status it had and the status the controller wants it to have. */
  record Entry(ObservedJob job, Dl2JobStatus before, Dl2JobStatus after) {}

  /**
   * The reason of a job whose objects the API server refused; it holds until the job's spec
   * changes.
   */
  static final String REJECTED = "Rejected";

  private final KubernetesSerialization serialization;
  private final JobValidation validation;

  Admission(KubernetesSerialization serialization, JobValidation validation) {
    this.serialization = serialization;
    this.validation = validation;
  }

  /** Every listed job with its next status; {@code schedulable} receives those to schedule. */
  List<Entry> admit(
      List<ObservedJob> jobs,
      int slot,
      Instant origin,
      int slotSeconds,
      Instant now,
      List<Entry> schedulable) {
    int nextId =
        1
            + jobs.stream()
                .map(j -> j.status().jobId)
                .filter(id -> id != null)
                .mapToInt(Integer::intValue)
                .max()
                .orElse(0);
    List<ObservedJob> ordered =
        jobs.stream()
            .sorted(
                Comparator.comparing(
                        (ObservedJob j) ->
                            j.creationTimestamp() == null ? "" : j.creationTimestamp())
                    .thenComparing(ObservedJob::name))
            .toList();
    List<Entry> entries = new ArrayList<>();
    for (ObservedJob job : ordered) {
      Dl2JobStatus before = job.status();
      Dl2JobStatus after = serialization.clone(before);
      entries.add(new Entry(job, before, after));
      Optional<JobValidation.Problem> problem =
          job.parsed()
              ? validation.check(job.job())
              : Optional.of(new JobValidation.Problem("SchemaMismatch", job.parseProblem()));
      if (problem.isEmpty()) {
        problem = stillRejected(before, job.generation());
      }
      if (problem.isPresent()) {
        markInvalid(after, before, problem.get(), job.generation(), now);
        continue;
      }
      if (JobPhase.Completed.name().equals(after.phase)) {
        continue;
      }
      if (after.jobId == null) {
        after.jobId = nextId++;
        after.arrivalSlot = slot;
        after.phase = JobPhase.Pending.name();
        after.slotsRun = 0;
        after.workers = 0;
        after.parameterServers = 0;
      }
      after.conditions =
          List.of(
              new Dl2JobCondition(
                  "Valid",
                  true,
                  "Accepted",
                  "the spec is valid",
                  transition(before, "Valid", true, now)));
      if (after.finishedAt != null) {
        after.phase = JobPhase.Completed.name();
        after.completedAtSlots = slotsBetween(origin, Instant.parse(after.finishedAt), slotSeconds);
        after.workers = 0;
        after.parameterServers = 0;
        continue;
      }
      schedulable.add(entries.get(entries.size() - 1));
    }
    return entries;
  }

  /**
   * Marks the job Invalid with {@code Valid=False}, for the spec's {@code generation}; its tasks
   * go.
   */
  static void markInvalid(
      Dl2JobStatus after,
      Dl2JobStatus before,
      JobValidation.Problem problem,
      long generation,
      Instant now) {
    after.phase = JobPhase.Invalid.name();
    after.workers = 0;
    after.parameterServers = 0;
    Dl2JobCondition valid =
        new Dl2JobCondition(
            "Valid",
            false,
            problem.reason(),
            problem.message(),
            transition(before, "Valid", false, now));
    valid.observedGeneration = generation;
    after.conditions = List.of(valid);
  }

  /** The API server's rejection of this very spec, if the last slot recorded one. */
  private static Optional<JobValidation.Problem> stillRejected(
      Dl2JobStatus before, long generation) {
    if (before.conditions == null) {
      return Optional.empty();
    }
    return before.conditions.stream()
        .filter(
            c ->
                "Valid".equals(c.type)
                    && "False".equals(c.status)
                    && REJECTED.equals(c.reason)
                    && c.observedGeneration != null
                    && c.observedGeneration == generation)
        .findFirst()
        .map(c -> new JobValidation.Problem(REJECTED, c.message));
  }

  /** Time from {@code origin} to {@code time}, in (fractional) slots. */
  static double slotsBetween(Instant origin, Instant time, int slotSeconds) {
    Duration elapsed = Duration.between(origin, time);
    return (elapsed.getSeconds() + elapsed.getNano() / 1e9) / slotSeconds;
  }

  /** Keeps the condition's transition time while its status is unchanged. */
  private static String transition(Dl2JobStatus before, String type, boolean status, Instant now) {
    if (before.conditions != null) {
      for (Dl2JobCondition c : before.conditions) {
        if (type.equals(c.type)
            && (status ? "True" : "False").equals(c.status)
            && c.lastTransitionTime != null) {
          return c.lastTransitionTime;
        }
      }
    }
    return now.toString();
  }
}
