package dl2.kubernetes.controller;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.slot.SlotJob;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;

/**
 * Writes the controller's part of each DL2Job's status, and only that part: never the progress
 * contract's fields (the training job's) nor the pods driver's naming indices (written before the
 * pods they name). A job deleted since it was listed is skipped: its status is gone with it.
 */
final class StatusWriter {
  private final ClusterApi api;
  private final KubernetesSerialization serialization;

  StatusWriter(ClusterApi api) {
    this.api = api;
    this.serialization = api.client().getKubernetesSerialization();
  }

  /**
   * Before any pod is deleted: each job that is to hold fewer workers or PS than its status says
   * claims the smaller count at once, so that no job ever has fewer pods than its status claims,
   * even if the slot fails half-way. {@code jobs} and {@code schedulable} match, ascending id.
   */
  void claimShrinks(List<Admission.Entry> schedulable, List<SlotJob> jobs) {
    for (int i = 0; i < jobs.size(); i++) {
      Dl2JobStatus before = schedulable.get(i).before();
      int workers = before.workers == null ? 0 : before.workers;
      int ps = before.parameterServers == null ? 0 : before.parameterServers;
      if (jobs.get(i).workers() < workers || jobs.get(i).parameterServers() < ps) {
        Dl2JobStatus claim = new Dl2JobStatus();
        claim.workers = Math.min(workers, jobs.get(i).workers());
        claim.parameterServers = Math.min(ps, jobs.get(i).parameterServers());
        api.patchStatus(schedulable.get(i).job().name(), claim);
      }
    }
  }

  /** Patches only the controller's own fields, and only where they changed. */
  void write(List<Admission.Entry> entries) {
    for (Admission.Entry entry : entries) {
      Dl2JobStatus patch = controllers(entry.after());
      if (!serialization.asJson(patch).equals(serialization.asJson(controllers(entry.before())))) {
        api.patchStatus(entry.job().name(), patch); // false: deleted meanwhile, nothing to write
      }
    }
  }

  private Dl2JobStatus controllers(Dl2JobStatus status) {
    Dl2JobStatus own = serialization.clone(status);
    own.epochsDone = null; // the training job's, which may be reporting right now
    own.finishedAt = null;
    own.nextWorkerIndex = null; // the pods driver's
    own.nextPsIndex = null;
    return own;
  }
}
