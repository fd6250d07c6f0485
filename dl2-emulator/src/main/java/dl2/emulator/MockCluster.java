package dl2.emulator;

import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.GpuTypeLabel;
import dl2.kubernetes.api.Labels;
import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.JobSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * An in-process Kubernetes API: the fabric8 mock server in CRUD mode (it stores, lists, patches and
 * watches any object, but runs no kubelet, scheduler or garbage collector), with one Ready node per
 * node of the cluster spec, named {@code node-000}, {@code node-001}, …, each of a GPU type other
 * than the default labelled as NVIDIA's feature discovery would ({@link GpuTypeLabel}), reporting
 * Kubernetes {@link VersionedApi#VERSION} at /version, serving the pod logs that {@link
 * EmulatedIndexedJobs} records (cut as a kubelet's log rotation cuts them), and persistent volumes
 * as directories of this machine, read and cleared through exec ({@link EmulatedVolumes}).
 */
public final class MockCluster implements AutoCloseable {
  /**
   * User agent of controller clients, so tests can inject faults into the controller's calls only.
   */
  public static final String CONTROLLER_AGENT =
      dl2.kubernetes.api.ClusterConnection.CONTROLLER_AGENT;

  /** Held so that the level sticks: JUL keeps loggers only weakly. */
  private static final Logger MOCK_SERVER_LOG = Logger.getLogger("io.fabric8.mockwebserver");

  private final KubernetesMockServer server;
  private final VersionedApi versioned;
  private final PodLogs logs;
  private final EmulatedVolumes volumes = new EmulatedVolumes();
  private final KubernetesClient client;
  private final Duration controllerRequestTimeout;

  public MockCluster(ClusterSpec cluster) {
    this(cluster, UnaryOperator.identity(), Duration.ofSeconds(10));
  }

  /** {@code dispatch} may wrap the CRUD dispatcher, e.g. to inject faults. */
  public MockCluster(
      ClusterSpec cluster, UnaryOperator<Dispatcher> dispatch, Duration controllerRequestTimeout) {
    this.controllerRequestTimeout = controllerRequestTimeout;
    MOCK_SERVER_LOG.setLevel(Level.WARNING); // it logs every request at INFO
    server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            new HashMap<>(),
            versioned =
                new VersionedApi(
                    new EmulatedExec(
                        logs = new PodLogs(dispatch.apply(new KubernetesCrudDispatcher(List.of()))),
                        volumes)),
            false);
    server.init();
    client = server.createClient();
    for (int i = 0; i < cluster.nodes(); i++) {
      client
          .nodes()
          .resource(node(String.format("node-%03d", i), cluster, cluster.gpuType(i)))
          .create();
    }
  }

  /** A Ready node; one of a GPU type other than the default carries the GPU product label. */
  private static Node node(String name, ClusterSpec cluster, GpuType type) {
    Map<String, Quantity> allocatable =
        Map.of(
            "cpu",
            new Quantity(Integer.toString(cluster.coresPerNode())),
            Labels.GPU_RESOURCE,
            new Quantity(Integer.toString(cluster.gpusPerNode())));
    Map<String, String> labels = new TreeMap<>(Map.of("kubernetes.io/hostname", name));
    String product = GpuTypeLabel.productOf(type);
    if (product != null) {
      labels.put(GpuTypeLabel.DEFAULT_KEY, product);
    }
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .endMetadata()
        .withNewStatus()
        .withAllocatable(allocatable)
        .withCapacity(allocatable)
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .endStatus()
        .build();
  }

  /** The API server reports Kubernetes {@code majorDotMinor} (e.g. "1.24") from now on. */
  public void reportVersion(String majorDotMinor) {
    versioned.setVersion(majorDotMinor);
  }

  /** The pod logs the API serves, which the emulated kubelet records. */
  PodLogs logs() {
    return logs;
  }

  /** The persistent volumes the emulated kubelet mounts. */
  EmulatedVolumes volumes() {
    return volumes;
  }

  /** The files on claim {@code claim} of {@code namespace}: a directory of this machine. */
  public java.nio.file.Path volume(String namespace, String claim) {
    return volumes.claim(namespace, claim);
  }

  /** A client of the emulator's own (training jobs, tests). */
  public KubernetesClient client() {
    return client;
  }

  /** The URL of the in-process API server, for {@code --master}. */
  public String masterUrl() {
    return client.getMasterUrl().toString();
  }

  /** Creates a DL2Job of {@code modelType} with {@code epochs} in {@code namespace}. */
  public void createJob(String namespace, String name, String modelType, double epochs) {
    create(namespace, name, modelType, epochs, null, null);
  }

  /** Creates the DL2Job of a trace job, with its own caps if it has any. */
  public void createJob(String namespace, JobSpec spec, String name) {
    create(
        namespace,
        name,
        spec.type().modelName(),
        spec.epochs(),
        spec.maxWorkers() == JobSpec.UNCAPPED ? null : spec.maxWorkers(),
        spec.maxParameterServers() == JobSpec.UNCAPPED ? null : spec.maxParameterServers());
  }

  private void create(
      String namespace,
      String name,
      String modelType,
      double epochs,
      Integer maxWorkers,
      Integer maxParameterServers) {
    Dl2Job job = new Dl2Job();
    job.getMetadata().setName(name);
    job.getMetadata().setNamespace(namespace);
    job.setSpec(new Dl2JobSpec());
    job.getSpec().modelType = modelType;
    job.getSpec().epochs = epochs;
    job.getSpec().maxWorkers = maxWorkers;
    job.getSpec().maxParameterServers = maxParameterServers;
    client.resources(Dl2Job.class).inNamespace(namespace).resource(job).create();
  }

  /** The status of DL2Job {@code name}, or null if there is none. */
  public Dl2JobStatus status(String namespace, String name) {
    Dl2Job job = client.resources(Dl2Job.class).inNamespace(namespace).withName(name).get();
    return job == null ? null : job.getStatus();
  }

  /** Names of the controller's pods in {@code namespace}, sorted. */
  public java.util.List<String> podNames(String namespace) {
    return client.pods().inNamespace(namespace).list().getItems().stream()
        .map(p -> p.getMetadata().getName())
        .sorted()
        .toList();
  }

  /** A fresh client for a controller, as a restarted controller process would have. */
  public KubernetesClient newControllerClient() {
    return server.createClient(
        b ->
            b.editOrNewConfig()
                .withUserAgent(CONTROLLER_AGENT)
                .withRequestTimeout((int) controllerRequestTimeout.toMillis())
                .withRequestRetryBackoffLimit(0)
                .endConfig());
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
    volumes.close();
  }
}
