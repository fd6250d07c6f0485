package dl2.kubernetes.controller;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobCondition;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.Labels;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Kubernetes Events (core/v1): one per scaling action on its DL2Job, one when a job completes or
 * becomes invalid (a Warning with the reason), one each slot a running job's new pods are refused,
 * and one on the controller's state ConfigMap each time the online-RL guard falls back to the
 * teacher. The name holds the slot, so a slot redone after a restart does not repeat an event.
 * Events are best-effort: a failure to record one never fails the slot.
 */
final class ScalingEvents {
  /** Event messages are kept short: the condition holds the whole message. */
  static final int MAX_MESSAGE = 1024;

  private final ClusterApi api;

  ScalingEvents(ClusterApi api) {
    this.api = api;
  }

  void scaled(
      String job,
      String uid,
      int slot,
      Instant now,
      int oldWorkers,
      int oldPs,
      int workers,
      int ps) {
    String message =
        "slot "
            + slot
            + ": "
            + oldWorkers
            + " workers/"
            + oldPs
            + " PS -> "
            + workers
            + " workers/"
            + ps
            + " PS";
    onJob(
        job,
        uid,
        job + ".slot" + slot,
        workers + ps == 0 ? "Suspended" : "Scaled",
        "Normal",
        message,
        now);
  }

  /**
   * A Warning {@code Refused}: the API server refused {@code job}'s new objects, and it keeps the
   * {@code workers} and {@code ps} it ran.
   */
  void refused(String job, String uid, int slot, Instant now, int workers, int ps, String message) {
    String text =
        "slot "
            + slot
            + ": keeps "
            + workers
            + " workers/"
            + ps
            + " PS; the API server refused its new pods: "
            + message;
    onJob(job, uid, job + ".refused" + slot, "Refused", "Warning", text, now);
  }

  /** Completions and new invalidity among {@code entries}, each an Event on its DL2Job. */
  void transitions(List<Admission.Entry> entries, int slot, Instant now) {
    for (Admission.Entry entry : entries) {
      Dl2JobStatus before = entry.before();
      Dl2JobStatus after = entry.after();
      String job = entry.job().name();
      if (JobPhase.Completed.name().equals(after.phase)
          && !JobPhase.Completed.name().equals(before.phase)) {
        onJob(
            job,
            entry.job().uid(),
            job + ".completed",
            "Completed",
            "Normal",
            String.format(
                java.util.Locale.ROOT,
                "slot %d: training finished at slot %.4f; its tasks are released",
                slot,
                after.completedAtSlots),
            now);
      }
      Dl2JobCondition reason = invalid(after);
      if (reason != null && !Objects.equals(reasonOf(invalid(before)), reasonOf(reason))) {
        String message = "slot " + slot + ": " + reason.reason + ": " + reason.message;
        onJob(job, entry.job().uid(), job + ".invalid" + slot, "Invalid", "Warning", message, now);
      }
    }
  }

  private static Dl2JobCondition invalid(Dl2JobStatus status) {
    if (!JobPhase.Invalid.name().equals(status.phase) || status.conditions == null) {
      return null;
    }
    return status.conditions.stream()
        .filter(c -> "Valid".equals(c.type) && "False".equals(c.status))
        .findFirst()
        .orElse(null);
  }

  private static String reasonOf(Dl2JobCondition condition) {
    return condition == null ? null : condition.reason + ": " + condition.message;
  }

  /** An Event on DL2Job {@code job}, its message cut to {@link #MAX_MESSAGE} characters. */
  private void onJob(
      String job,
      String uid,
      String name,
      String reason,
      String type,
      String message,
      Instant now) {
    record(
        job,
        uid,
        name,
        reason,
        type,
        message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) + "..." : message,
        now,
        "DL2Job",
        Dl2Job.GROUP + "/" + Dl2Job.VERSION);
  }

  void record(
      String object,
      String uid,
      String name,
      String reason,
      String type,
      String message,
      Instant now,
      String kind,
      String apiVersion) {
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(api.namespace())
            .addToLabels(Labels.MANAGED_BY, Labels.CONTROLLER)
            .endMetadata()
            .withNewInvolvedObject()
            .withApiVersion(apiVersion)
            .withKind(kind)
            .withName(object)
            .withNamespace(api.namespace())
            .withUid(uid)
            .endInvolvedObject()
            .withReason(reason)
            .withType(type)
            .withMessage(message)
            .withFirstTimestamp(now.toString())
            .withLastTimestamp(now.toString())
            .withCount(1)
            .withNewSource()
            .withComponent(Labels.CONTROLLER)
            .endSource()
            .build();
    try {
      api.create(event);
    } catch (KubernetesClientException e) {
      // An event that cannot be written is lost; the status still tells the allocation.
    }
  }
}
