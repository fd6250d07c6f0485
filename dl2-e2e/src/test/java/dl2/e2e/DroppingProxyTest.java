package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** The proxy forwards, drops every connection (a restarting API server) and resumes on the same port. */
class DroppingProxyTest {
  @Test
  void aClientThroughTheProxyFailsWhileItIsDroppedAndReconnectsAfter() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      URI target = URI.create(cluster.masterUrl());
      try (DroppingProxy proxy = DroppingProxy.start(target.getHost(), target.getPort());
          KubernetesClient client = new KubernetesClientBuilder().withConfig(new io.fabric8.kubernetes.client.ConfigBuilder()
              .withMasterUrl("http://127.0.0.1:" + proxy.port()).withRequestRetryBackoffLimit(0).withHttp2Disable(true)
              .withRequestTimeout(5_000).withConnectionTimeout(2_000).build()).build()) {
        assertThat(client.nodes().list().getItems()).hasSize(1);
        proxy.drop();
        assertThatThrownBy(() -> client.nodes().list()).isInstanceOf(KubernetesClientException.class);
        proxy.resume();
        assertThat(client.nodes().list().getItems()).hasSize(1);
      }
      assertThat(DroppingProxy.isLoopback("127.0.0.1")).isTrue();
    }
  }
}
