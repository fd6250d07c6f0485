package dl2.kubernetes.driver;

import dl2.kubernetes.api.FailureMessage;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The API server's refusals of one job's objects, collected per job so that one job the namespace
 * cannot take does not stop the slot of all the others: an object that fails validation (422), or
 * that admission denies (403: a ResourceQuota, a LimitRange, Pod Security, a webhook; or a
 * webhook's 400). What is the controller's own problem still fails the slot: an outage, and RBAC's
 * 403 (the controller's account may not do this at all, for every job alike).
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
    String message =
        e.getStatus() == null || e.getStatus().getMessage() == null
            ? ""
            : e.getStatus().getMessage();
    if (e.getCode() == 403) {
      return !AUTHORIZATION.matcher(message).find();
    }
    return e.getCode() == 400 && message.contains("admission webhook");
  }

  /**
   * RBAC's refusals: {@code User "system:serviceaccount:dl2:dl2-controller" cannot create resource
   * "pods" ...}, and the OwnerReferencesPermissionEnforcement plugin's {@code cannot set
   * blockOwnerDeletion ...}.
   */
  private static final java.util.regex.Pattern AUTHORIZATION =
      java.util.regex.Pattern.compile(
          "(User|Group) \"[^\"]*\" cannot |cannot set blockOwnerDeletion");

  /**
   * The server's own message, e.g. {@code Pod "a-worker-0" is invalid: spec.containers[0].name:
   * ...}.
   */
  private static String message(KubernetesClientException e) {
    String message = e.getStatus() == null ? null : e.getStatus().getMessage();
    return message == null || message.isBlank() ? FailureMessage.of(e) : message.strip();
  }

  Map<String, String> byJob() {
    return new TreeMap<>(byJob);
  }
}
