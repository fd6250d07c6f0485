package dl2.kubernetes.controller;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Labels;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;

/**
 * Kubernetes Events (core/v1): one per scaling action on its DL2Job, and one on the controller's
 * state ConfigMap each time the online-RL guard falls back to the teacher.
 * The name holds the slot, so a slot redone after a restart does not repeat an event. Events
 * are best-effort: a failure to record one never fails the slot.
 */
final class ScalingEvents {
  private final ClusterApi api;

  ScalingEvents(ClusterApi api) {
    this.api = api;
  }

  void scaled(String job, String uid, int slot, Instant now, int oldWorkers, int oldPs, int workers, int ps) {
    String message = "slot " + slot + ": " + oldWorkers + " workers/" + oldPs + " PS -> " + workers + " workers/" + ps + " PS";
    record(job, uid, job + ".slot" + slot, workers + ps == 0 ? "Suspended" : "Scaled", "Normal", message, now, "DL2Job",
        Dl2Job.GROUP + "/" + Dl2Job.VERSION);
  }

  void record(String object, String uid, String name, String reason, String type, String message, Instant now, String kind,
      String apiVersion) {
    Event event = new EventBuilder().withNewMetadata().withName(name).withNamespace(api.namespace())
        .addToLabels(Labels.MANAGED_BY, Labels.CONTROLLER).endMetadata()
        .withNewInvolvedObject().withApiVersion(apiVersion).withKind(kind)
        .withName(object).withNamespace(api.namespace()).withUid(uid).endInvolvedObject()
        .withReason(reason).withType(type).withMessage(message)
        .withFirstTimestamp(now.toString()).withLastTimestamp(now.toString()).withCount(1)
        .withNewSource().withComponent(Labels.CONTROLLER).endSource().build();
    try {
      api.create(event);
    } catch (KubernetesClientException e) {
      // An event that cannot be written is lost; the status still tells the allocation.
    }
  }
}
