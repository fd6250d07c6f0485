package dl2.kubernetes.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.Test;

/**
 * Which of the API server's refusals are one job's (it is {@code Rejected}, the slot goes on) and
 * which are the controller's own (the slot fails): the messages are the API server's, as a real
 * 1.24 server wrote them.
 */
class RejectionsTest {
  private static boolean refusal(int code, String message) {
    return Rejections.refusal(
        new KubernetesClientException(
            new StatusBuilder().withCode(code).withMessage(message).build()));
  }

  @Test
  void admissionsRefusalsAreTheJobs() {
    assertThat(
            refusal(
                422,
                "Pod \"a-worker-0\" is invalid: spec.containers[0].volumeMounts[0].name: Not found: \"data\""))
        .isTrue();
    assertThat(
            refusal(
                403,
                "pods \"big-01-worker-1\" is forbidden: failed quota: mem: must specify limits.memory for: worker; "
                    + "requests.memory for: worker"))
        .isTrue();
    assertThat(
            refusal(
                403,
                "pods \"a-worker-2\" is forbidden: exceeded quota: gpus, requested: requests.nvidia.com/gpu=1, "
                    + "used: requests.nvidia.com/gpu=8, limited: requests.nvidia.com/gpu=8"))
        .isTrue();
    assertThat(
            refusal(
                403,
                "pods \"big-01-worker-4\" is forbidden: maximum cpu usage per Container is 1, but limit is 2"))
        .isTrue();
    assertThat(
            refusal(
                403,
                "pods \"a-ps-0\" is forbidden: violates PodSecurity \"restricted:latest\": runAsNonRoot != true"))
        .isTrue();
    assertThat(
            refusal(
                400,
                "admission webhook \"validate.kyverno.svc\" denied the request: images must be signed"))
        .isTrue();
  }

  @Test
  void rbacsRefusalsOutagesAndTheControllersOwnMistakesAreNot() {
    assertThat(
            refusal(
                403,
                "pods is forbidden: User \"system:serviceaccount:dl2:dl2-controller\" cannot create resource "
                    + "\"pods\" in API group \"\" in the namespace \"dl2\""))
        .isFalse();
    assertThat(
            refusal(
                403,
                "pods \"ownertest-a\" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a "
                    + "resource you can't set finalizers on: , <nil>"))
        .isFalse();
    assertThat(refusal(400, "the body of the request was in an unknown format")).isFalse();
    assertThat(refusal(404, "dl2jobs.dl2.io \"a\" not found")).isFalse();
    assertThat(refusal(500, "etcdserver: request timed out")).isFalse();
  }
}
