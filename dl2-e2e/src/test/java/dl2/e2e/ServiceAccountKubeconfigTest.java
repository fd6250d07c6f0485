package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The service account's kubeconfig keeps the admin's cluster and CA and carries only the token. */
class ServiceAccountKubeconfigTest {
  @Test
  void itReadsBackWithTheTokenTheNamespaceAndTheAdminsCa(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("ca.crt"), "not a real certificate");
    Path admin =
        Files.writeString(
            dir.resolve("admin"),
            """
        apiVersion: v1
        kind: Config
        clusters:
          - name: kind-e2e
            cluster: {server: "https://127.0.0.1:6443", certificate-authority: ca.crt}
        users:
          - name: admin
            user: {client-certificate-data: Zm9v, client-key-data: YmFy}
        contexts:
          - name: kind-e2e
            context: {cluster: kind-e2e, user: admin}
        current-context: kind-e2e
        """);
    Path written =
        ServiceAccountKubeconfig.write(admin, null, "t0ken", "dl2-e2e-x", dir.resolve("sa"));
    String text = Files.readString(written);
    assertThat(text)
        .contains("t0ken", dir.resolve("ca.crt").toString())
        .doesNotContain("Zm9v", "YmFy");
    Config config = Config.fromKubeconfig(text);
    assertThat(config.getMasterUrl()).startsWith("https://127.0.0.1:6443");
    assertThat(config.getAutoOAuthToken()).isEqualTo("t0ken");
    assertThat(config.getNamespace()).isEqualTo("dl2-e2e-x");
    assertThat(ServiceAccountKubeconfig.server(admin)).isEqualTo("https://127.0.0.1:6443");
    Path proxied =
        ServiceAccountKubeconfig.write(
            admin, "https://127.0.0.1:40001", "t0ken", "dl2-e2e-x", dir.resolve("p"));
    assertThat(Config.fromKubeconfig(Files.readString(proxied)).getMasterUrl())
        .startsWith("https://127.0.0.1:40001");
  }
}
