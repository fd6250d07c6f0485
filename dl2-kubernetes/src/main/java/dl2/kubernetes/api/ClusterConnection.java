package dl2.kubernetes.api;

import dl2.io.InputException;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A client of a real cluster, checked at once: the configuration must exist (--master, KUBECONFIG,
 * ~/.kube/config or a pod's service account; --master keeps the others' credentials) and one cheap
 * call must succeed within seconds, or the command stops with one line naming the cause (no
 * configuration, connection refused, unknown host, no answer, TLS, unauthorised, forbidden, CRD
 * missing). The client does not retry by itself: {@link ApiRetry} decides what is worth retrying
 * once the controller runs.
 */
public final class ClusterConnection {
  /**
   * User agents, so that audit logs (and tests) tell the controller's calls from a training job's.
   */
  public static final String CONTROLLER_AGENT = "dl2-controller";

  public static final String REPORTER_AGENT = "dl2-report-progress";
  public static final String SWEEP_AGENT = "dl2-sweep";

  /** Connecting may take this long; an unreachable address then fails in seconds, not minutes. */
  static final int CONNECT_TIMEOUT_MILLIS = 5_000;

  /** One API call may take this long. */
  static final int REQUEST_TIMEOUT_MILLIS = 10_000;

  private ClusterConnection() {}

  /**
   * A client of the usual configuration, without a check; {@code masterUrl} (may be null) replaces
   * only its server, so the kubeconfig's CA and credentials still apply, as with kubectl's
   * --server. Plain-http servers are spoken to in HTTP/1.1: the JDK client would ask them to
   * upgrade to h2c, which proxies such as {@code kubectl proxy} refuse.
   */
  static KubernetesClient client(String masterUrl, String userAgent) {
    if (masterUrl != null
        && !masterUrl.startsWith("http://")
        && !masterUrl.startsWith("https://")) {
      throw new InputException("--master must be an http:// or https:// URL: " + masterUrl);
    }
    boolean configured = configured();
    if (masterUrl == null && !configured) {
      throw new InputException(
          "no Kubernetes cluster is configured: give --master URL, set KUBECONFIG, create "
              + "~/.kube/config, or run inside a cluster");
    }
    Config base;
    try {
      base = configured ? Config.autoConfigure(null) : Config.empty();
    } catch (RuntimeException e) {
      throw new InputException(
          "cannot read the Kubernetes configuration: " + firstLine(e.getMessage()));
    }
    return client(base, masterUrl, userAgent);
  }

  private static KubernetesClient client(Config base, String masterUrl, String userAgent) {
    ConfigBuilder builder = new ConfigBuilder(base);
    if (masterUrl != null) {
      builder.withMasterUrl(masterUrl);
    }
    Config config =
        builder
            .withConnectionTimeout(CONNECT_TIMEOUT_MILLIS)
            .withRequestTimeout(REQUEST_TIMEOUT_MILLIS)
            .withRequestRetryBackoffLimit(0)
            .withUserAgent(userAgent)
            .build();
    if (config.getMasterUrl() != null && config.getMasterUrl().startsWith("http://")) {
      config.setHttp2Disable(true);
    }
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /**
   * The controller's client, whose first call, listing at most one DL2Job of {@code namespace},
   * succeeded; any failure is an InputException naming its cause.
   */
  public static KubernetesClient connect(String masterUrl, String namespace) {
    return checked(
        client(masterUrl, CONTROLLER_AGENT),
        "list DL2Jobs in namespace " + namespace,
        c ->
            c.resources(Dl2Job.class)
                .inNamespace(namespace)
                .list(new ListOptionsBuilder().withLimit(1L).build()));
  }

  /**
   * A training job's client, whose first call read DL2Job {@code job}: all that the role {@code
   * dl2-progress-reporter} allows besides patching its status (it may not list DL2Jobs).
   */
  public static KubernetesClient connectToJob(String masterUrl, String namespace, String job) {
    return checked(
        client(masterUrl, REPORTER_AGENT),
        "get DL2Job " + job + " in namespace " + namespace,
        c -> {
          if (c.resources(Dl2Job.class).inNamespace(namespace).withName(job).get() == null) {
            throw new InputException("no DL2Job " + job + " in namespace " + namespace);
          }
        });
  }

  /**
   * A sweep's client: of {@code kubeconfig} when given (its current context), else of the usual
   * configuration; its first call, listing at most one Job of {@code namespace}, succeeded.
   */
  public static KubernetesClient connectForSweep(Path kubeconfig, String namespace) {
    KubernetesClient client;
    if (kubeconfig == null) {
      client = client(null, SWEEP_AGENT);
    } else {
      if (!Files.isRegularFile(kubeconfig) || !Files.isReadable(kubeconfig)) {
        throw new InputException("--kubeconfig " + kubeconfig + ": no such readable file");
      }
      Config base;
      try {
        base = Config.fromKubeconfig(null, kubeconfig.toFile());
      } catch (RuntimeException e) {
        throw new InputException(
            "--kubeconfig "
                + kubeconfig
                + ": not a kubeconfig dl2 can use: "
                + firstLine(e.getMessage()));
      }
      if (base.getMasterUrl() == null || base.getMasterUrl().isBlank()) {
        throw new InputException(
            "--kubeconfig " + kubeconfig + ": its current context names no server");
      }
      client = client(base, null, SWEEP_AGENT);
    }
    return checked(
        client,
        "list jobs in namespace " + namespace,
        c ->
            c.batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .list(new ListOptionsBuilder().withLimit(1L).build()));
  }

  private static KubernetesClient checked(
      KubernetesClient client,
      String probeCall,
      java.util.function.Consumer<KubernetesClient> probe) {
    try {
      probe.accept(client);
      return client;
    } catch (KubernetesClientException e) {
      java.net.URL url = client.getMasterUrl();
      client.close();
      throw new InputException(
          "cannot use the Kubernetes API at "
              + (url == null ? "the configured cluster" : url)
              + ": "
              + cause(e, probeCall, url == null ? "" : url.getHost()));
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /**
   * Whether there is any configuration to find: KUBECONFIG, ~/.kube/config or a pod's service
   * account.
   */
  private static boolean configured() {
    String kubeconfig =
        io.fabric8.kubernetes.client.utils.Utils.getSystemPropertyOrEnvVar(
            Config.KUBERNETES_KUBECONFIG_FILE);
    if (kubeconfig != null && !kubeconfig.isBlank()) {
      return true;
    }
    String home = System.getProperty("user.home");
    if (home != null && Files.isRegularFile(Path.of(home, ".kube", "config"))) {
      return true;
    }
    return System.getenv("KUBERNETES_SERVICE_HOST") != null;
  }

  /**
   * Whether {@code failure} says that the cluster cannot be used at all (no answer, or credentials
   * refused or not allowed), rather than that one piece of work failed.
   */
  public static boolean unusable(RuntimeException failure) {
    return failure instanceof KubernetesClientException e
        && (e.getCode() <= 0 || e.getCode() == 401 || e.getCode() == 403);
  }

  /** The cause of a failed call, in plain words. */
  static String cause(KubernetesClientException e, String probeCall, String host) {
    switch (e.getCode()) {
      case 401:
        return "unauthorised: the server refused the credentials (check the kubeconfig's user or token)";
      case 403:
        return "forbidden: this account may not "
            + probeCall
            + " (see deploy/rbac.yaml for the roles)";
      case 404:
        return probeCall.contains("DL2Job")
            ? "no DL2Job resource on this server: install the CRD first (kubectl apply -k deploy/)"
            : "the server has no such resource (" + probeCall + ")";
      default:
        break;
    }
    return e.getCode() > 0 ? FailureMessage.answer(e) : FailureMessage.transport(e, host);
  }

  private static String firstLine(String message) {
    return message == null ? "no detail" : message.lines().findFirst().orElse("no detail");
  }
}
