package dl2.e2e;

import io.fabric8.kubernetes.api.model.AuthInfoBuilder;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.ConfigBuilder;
import io.fabric8.kubernetes.api.model.ContextBuilder;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A kubeconfig that acts as a service account: the admin kubeconfig's current cluster (its server,
 * optionally replaced, and its CA), the account's token, and the run's namespace. This is how the
 * findings ran the controller: from outside the cluster with the shipped least privilege.
 */
final class ServiceAccountKubeconfig {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private ServiceAccountKubeconfig() {}

  /**
   * Writes it to {@code out}; {@code server} (may be null) replaces the cluster's server, e.g. a
   * proxy's.
   */
  static Path write(Path adminKubeconfig, String server, String token, String namespace, Path out)
      throws IOException {
    Config admin = YAML.unmarshal(Files.readString(adminKubeconfig), Config.class);
    String contextName = admin.getCurrentContext();
    NamedContext context =
        admin.getContexts().stream()
            .filter(c -> c.getName().equals(contextName))
            .findFirst()
            .orElseThrow(
                () -> new IllegalStateException(adminKubeconfig + " has no current context"));
    NamedCluster named =
        admin.getClusters().stream()
            .filter(c -> c.getName().equals(context.getContext().getCluster()))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        adminKubeconfig + " lacks the cluster of its context"));
    Cluster cluster = YAML.clone(named.getCluster());
    if (cluster.getCertificateAuthority() != null
        && !Path.of(cluster.getCertificateAuthority()).isAbsolute()) {
      Path base = adminKubeconfig.toAbsolutePath().getParent();
      cluster.setCertificateAuthority(base.resolve(cluster.getCertificateAuthority()).toString());
    }
    if (server != null) {
      cluster.setServer(server);
    }
    Config config =
        new ConfigBuilder()
            .withApiVersion("v1")
            .withKind("Config")
            .addNewCluster()
            .withName("e2e")
            .withCluster(cluster)
            .endCluster()
            .addNewUser()
            .withName("e2e")
            .withUser(new AuthInfoBuilder().withToken(token).build())
            .endUser()
            .addNewContext()
            .withName("e2e")
            .withContext(
                new ContextBuilder()
                    .withCluster("e2e")
                    .withUser("e2e")
                    .withNamespace(namespace)
                    .build())
            .endContext()
            .withCurrentContext("e2e")
            .build();
    Files.writeString(out, YAML.asYaml(config));
    return out;
  }

  /** The server of the admin kubeconfig's current cluster. */
  static String server(Path adminKubeconfig) throws IOException {
    Config admin = YAML.unmarshal(Files.readString(adminKubeconfig), Config.class);
    NamedContext context =
        admin.getContexts().stream()
            .filter(c -> c.getName().equals(admin.getCurrentContext()))
            .findFirst()
            .orElseThrow();
    return admin.getClusters().stream()
        .filter(c -> c.getName().equals(context.getContext().getCluster()))
        .findFirst()
        .orElseThrow()
        .getCluster()
        .getServer();
  }
}
