package dl2.kubernetes.api;

import dl2.io.InputException;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * A client of a real cluster, checked at once: the configuration must exist (--master, KUBECONFIG,
 * ~/.kube/config or a pod's service account) and one cheap call must succeed within seconds, or
 * the command stops with one line naming the cause (no configuration, connection refused,
 * unknown host, no answer, TLS, unauthorised, forbidden, CRD missing). The client does not retry
 * by itself: {@link ApiRetry} decides what is worth retrying once the controller runs.
 */
public final class ClusterConnection {
  /** Connecting may take this long; an unreachable address then fails in seconds, not minutes. */
  static final int CONNECT_TIMEOUT_MILLIS = 5_000;
  /** One API call may take this long. */
  static final int REQUEST_TIMEOUT_MILLIS = 10_000;

  private ClusterConnection() {}

  /** A client of {@code masterUrl}, or of the usual configuration when null, without a check. */
  static KubernetesClient client(String masterUrl) {
    Config base;
    if (masterUrl != null) {
      base = new ConfigBuilder(Config.empty()).withMasterUrl(masterUrl).build();
    } else {
      if (!configured()) {
        throw new InputException("no Kubernetes cluster is configured: give --master URL, set KUBECONFIG, create "
            + "~/.kube/config, or run inside a cluster");
      }
      try {
        base = Config.autoConfigure(null);
      } catch (RuntimeException e) {
        throw new InputException("cannot read the Kubernetes configuration: " + firstLine(e.getMessage()));
      }
    }
    Config config = new ConfigBuilder(base).withConnectionTimeout(CONNECT_TIMEOUT_MILLIS)
        .withRequestTimeout(REQUEST_TIMEOUT_MILLIS).withRequestRetryBackoffLimit(0).build();
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /**
   * A client whose first call, listing at most one DL2Job of {@code namespace}, succeeded; any
   * failure is an InputException naming its cause.
   */
  public static KubernetesClient connect(String masterUrl, String namespace) {
    KubernetesClient client = client(masterUrl);
    try {
      client.resources(Dl2Job.class).inNamespace(namespace).list(new ListOptionsBuilder().withLimit(1L).build());
      return client;
    } catch (KubernetesClientException e) {
      java.net.URL url = client.getMasterUrl();
      client.close();
      throw new InputException("cannot use the Kubernetes API at " + (url == null ? "the configured cluster" : url) + ": "
          + cause(e, namespace, url == null ? "" : url.getHost()));
    }
  }

  /** Whether there is any configuration to find: KUBECONFIG, ~/.kube/config or a pod's service account. */
  private static boolean configured() {
    String kubeconfig = System.getenv("KUBECONFIG");
    if (kubeconfig != null && !kubeconfig.isBlank()) {
      return true;
    }
    String home = System.getProperty("user.home");
    if (home != null && Files.isRegularFile(Path.of(home, ".kube", "config"))) {
      return true;
    }
    return System.getenv("KUBERNETES_SERVICE_HOST") != null;
  }

  /** The cause of a failed call, in plain words. */
  static String cause(KubernetesClientException e, String namespace, String host) {
    switch (e.getCode()) {
      case 401:
        return "unauthorised: the server refused the credentials (check the kubeconfig's user or token)";
      case 403:
        return "forbidden: this account may not list DL2Jobs in namespace " + namespace + " (see deploy/ for the RBAC rules)";
      case 404:
        return "no DL2Job resource on this server: install the CRD first (kubectl apply -k deploy/)";
      default:
        break;
    }
    java.util.List<Throwable> chain = new java.util.ArrayList<>();
    for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    // Most specific first: the JDK reports an unknown host as a ConnectException caused by it.
    if (has(chain, UnknownHostException.class) || has(chain, java.nio.channels.UnresolvedAddressException.class)) {
      return "unknown host " + host;
    }
    if (has(chain, SSLException.class)) {
      return "TLS handshake failed";
    }
    if (has(chain, HttpConnectTimeoutException.class) || has(chain, java.net.SocketTimeoutException.class)) {
      return "no connection within " + CONNECT_TIMEOUT_MILLIS / 1000 + " s";
    }
    if (has(chain, HttpTimeoutException.class) || has(chain, TimeoutException.class)) {
      return "no answer within " + REQUEST_TIMEOUT_MILLIS / 1000 + " s";
    }
    if (has(chain, NoRouteToHostException.class)) {
      return "no route to the host";
    }
    if (has(chain, ConnectException.class)) {
      return "connection refused";
    }
    if (e.getCode() > 0) {
      return "the server answered HTTP " + e.getCode() + (e.getStatus() != null && e.getStatus().getMessage() != null
          ? " (" + firstLine(e.getStatus().getMessage()) + ")" : "");
    }
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root instanceof IOException && root.getMessage() != null ? firstLine(root.getMessage()).toLowerCase(Locale.ROOT)
        : firstLine(e.getMessage());
  }

  private static boolean has(java.util.List<Throwable> chain, Class<? extends Throwable> type) {
    return chain.stream().anyMatch(type::isInstance);
  }

  private static String firstLine(String message) {
    return message == null ? "no detail" : message.lines().findFirst().orElse("no detail");
  }
}
