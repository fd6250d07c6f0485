package dl2.kubernetes.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --master replaces only the server: the kubeconfig's credentials still go with each request, as
 * with kubectl's --server; and a plain-http server (kubectl proxy) is asked for HTTP/1.1, never for
 * an upgrade to h2c, which kubectl proxy refuses.
 */
class MasterUrlTest {
  private static final String KUBECONFIG =
      """
      apiVersion: v1
      kind: Config
      clusters:
        - name: c
          cluster: {server: "https://cluster.invalid:6443"}
      users:
        - name: u
          user: {token: s3cret}
      contexts:
        - name: x
          context: {cluster: c, user: u, namespace: team}
      current-context: x
      """;

  @Test
  void masterKeepsTheKubeconfigsTokenAndSpeaksHttp11ToAPlainHttpServer(@TempDir Path dir)
      throws Exception {
    Path kubeconfig = dir.resolve("config");
    Files.writeString(kubeconfig, KUBECONFIG);
    String previous = System.getProperty("kubeconfig");
    System.setProperty("kubeconfig", kubeconfig.toString());
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<List<String>> headers =
          CompletableFuture.supplyAsync(() -> answerOnce(server));
      try (KubernetesClient client =
          ClusterConnection.client("http://127.0.0.1:" + server.getLocalPort(), "dl2-test")) {
        assertThat(client.getKubernetesVersion().getMinor()).isEqualTo("24");
      }
      List<String> request = headers.get();
      assertThat(request)
          .as("request headers")
          .contains("authorization: Bearer s3cret")
          .noneMatch(h -> h.startsWith("upgrade:"))
          .noneMatch(h -> h.startsWith("http2-settings:"));
    } finally {
      if (previous == null) {
        System.clearProperty("kubeconfig");
      } else {
        System.setProperty("kubeconfig", previous);
      }
    }
  }

  /** Reads one request's headers (names in lower case) and answers it with a /version of 1.24. */
  private static List<String> answerOnce(ServerSocket server) {
    try (Socket socket = server.accept()) {
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
      List<String> headers = new ArrayList<>();
      for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
        int colon = line.indexOf(':');
        headers.add(
            colon < 0
                ? line
                : line.substring(0, colon).toLowerCase(java.util.Locale.ROOT)
                    + line.substring(colon));
      }
      byte[] body =
          "{\"major\":\"1\",\"minor\":\"24\",\"gitVersion\":\"v1.24.0\"}"
              .getBytes(StandardCharsets.UTF_8);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + body.length
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      return headers;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
