package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * The proxy forwards, drops every connection (a restarting API server) and resumes on the same
 * port. It once failed at random ("Expecting code to raise a throwable"): closing a ServerSocket
 * does not end an accept() already waiting in another thread, so the dropped proxy still accepted
 * and forwarded the next connection.
 */
class DroppingProxyTest {
  @Test
  void aClientThroughTheProxyFailsWhileItIsDroppedAndReconnectsAfter() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      URI target = URI.create(cluster.masterUrl());
      try (DroppingProxy proxy = DroppingProxy.start(target.getHost(), target.getPort());
          KubernetesClient client =
              new KubernetesClientBuilder()
                  .withConfig(
                      new io.fabric8.kubernetes.client.ConfigBuilder()
                          .withMasterUrl("http://127.0.0.1:" + proxy.port())
                          .withRequestRetryBackoffLimit(0)
                          .withHttp2Disable(true)
                          .withRequestTimeout(5_000)
                          .withConnectionTimeout(2_000)
                          .build())
                  .build()) {
        assertThat(client.nodes().list().getItems()).hasSize(1);
        proxy.drop();
        assertThatThrownBy(() -> client.nodes().list())
            .isInstanceOf(KubernetesClientException.class);
        proxy.resume();
        assertThat(client.nodes().list().getItems()).hasSize(1);
      }
      assertThat(DroppingProxy.isLoopback("127.0.0.1")).isTrue();
    }
  }

  /**
   * Once drop() returns, nothing listens on the port, even though a thread was waiting in accept().
   * Repeated: the old proxy failed this about one time in three.
   */
  @RepeatedTest(20)
  void afterADropTheProxysPortRefusesConnections() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        DroppingProxy proxy = DroppingProxy.start("127.0.0.1", server.getLocalPort())) {
      try (Socket first = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
          Socket accepted = server.accept()) {
        first.getOutputStream().write('x');
        assertThat(accepted.getInputStream().read()).as("forwarded").isEqualTo('x');
        proxy.drop();
        InputStream in = first.getInputStream();
        assertThat(in.read()).as("the open connection is closed").isEqualTo(-1);
      }
      assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), proxy.port()).close())
          .isInstanceOf(ConnectException.class);
      proxy.resume();
      try (Socket again = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
          Socket accepted = server.accept()) {
        again.getOutputStream().write('y');
        assertThat(accepted.getInputStream().read()).isEqualTo('y');
      }
    }
  }
}
