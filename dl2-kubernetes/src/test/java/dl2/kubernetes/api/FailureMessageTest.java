package dl2.kubernetes.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/**
 * Failures as the operator reads them: the server's own words or the transport's cause, never a
 * Java class name.
 */
class FailureMessageTest {
  @Test
  void theServersAnswerTheTransportsCauseOrTheMessageButNoClassName() {
    KubernetesClientException invalid =
        new KubernetesClientException(
            "Failure executing: POST at: https://x/api/v1/pods",
            422,
            new StatusBuilder()
                .withCode(422)
                .withMessage(
                    "Pod \"a-worker-0\" is invalid: spec.containers[0].name: Invalid value")
                .build());
    assertThat(FailureMessage.of(invalid))
        .isEqualTo(
            "the server answered HTTP 422 (Pod \"a-worker-0\" is invalid: spec.containers[0].name: Invalid value)");
    assertThat(
            FailureMessage.of(
                new KubernetesClientException(
                    "Operation: [get] for kind: [ConfigMap] failed.",
                    new IOException(new ConnectException("Connection refused")))))
        .isEqualTo("connection refused");
    assertThat(
            FailureMessage.of(
                new IllegalStateException(
                    "no usable node in the cluster: cpu-1 (no nvidia.com/gpu)")))
        .isEqualTo("no usable node in the cluster: cpu-1 (no nvidia.com/gpu)");
    assertThat(FailureMessage.of(new NullPointerException()))
        .doesNotContain("java.", "Exception")
        .startsWith("an internal error");
  }
}
