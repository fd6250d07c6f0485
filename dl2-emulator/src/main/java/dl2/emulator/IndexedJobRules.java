package dl2.emulator;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyRule;

/**
 * What the Job API says of an Indexed Job and its pods, as {@link EmulatedIndexedJobs} reads it.
 */
final class IndexedJobRules {
  private IndexedJobRules() {}

  /**
   * Whether a rule {@code FailJob} of the Job's pod failure policy matches the failed pod's exit
   * code.
   */
  static boolean failsTheJob(Job job, Pod pod) {
    if (job.getSpec().getPodFailurePolicy() == null
        || pod.getStatus().getContainerStatuses() == null) {
      return false;
    }
    for (PodFailurePolicyRule rule : job.getSpec().getPodFailurePolicy().getRules()) {
      var codes = rule.getOnExitCodes();
      if (!"FailJob".equals(rule.getAction())
          || codes == null
          || !"In".equals(codes.getOperator())) {
        continue;
      }
      for (var status : pod.getStatus().getContainerStatuses()) {
        var terminated = status.getState() == null ? null : status.getState().getTerminated();
        if (terminated != null
            && (codes.getContainerName() == null
                || codes.getContainerName().equals(status.getName()))
            && codes.getValues().contains(terminated.getExitCode())) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean finished(Job job) {
    return job.getStatus() != null
        && job.getStatus().getConditions() != null
        && job.getStatus().getConditions().stream()
            .anyMatch(
                c ->
                    ("Complete".equals(c.getType()) || "Failed".equals(c.getType()))
                        && "True".equals(c.getStatus()));
  }
}
