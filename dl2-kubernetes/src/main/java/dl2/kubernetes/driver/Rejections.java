package dl2.kubernetes.driver;

import dl2.kubernetes.api.FailureMessage;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The API server's refusals of one job's objects, collected per job so that one malformed job
 * cannot stop the slot of all the others: an object that fails validation (422), or that an
 * admission webhook or Pod Security admission denies. Anything else (outage, RBAC) still fails the slot.
 */
final class Rejections {
  private final Map<String, String> byJob = new ConcurrentSkipListMap<>();

  /** {@code call}, recording a refusal as {@code job}'s instead of failing. */
  Runnable guarded(String job, Runnable call) {
    return () -> {
      try {
        call.run();
      } catch (KubernetesClientException e) {
        if (!refusal(e)) {
          throw e;
        }
        byJob.putIfAbsent(job, message(e));
      }
    };
  }

  static boolean refusal(KubernetesClientException e) {
    if (e.getCode() == 422) {
      return true;
    }
    String message = e.getStatus() == null || e.getStatus().getMessage() == null ? "" : e.getStatus().getMessage();
    return (e.getCode() == 400 || e.getCode() == 403)
        && (message.contains("admission webhook") || message.contains("violates PodSecurity"));
  }

  /** The server's own message, e.g. {@code Pod "a-worker-0" is invalid: spec.containers[0].name: ...}. */
  private static String message(KubernetesClientException e) {
    String message = e.getStatus() == null ? null : e.getStatus().getMessage();
    return message == null || message.isBlank() ? FailureMessage.of(e) : message.strip();
  }

  Map<String, String> byJob() {
    return new TreeMap<>(byJob);
  }
}
