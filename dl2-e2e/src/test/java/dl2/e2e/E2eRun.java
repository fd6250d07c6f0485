package dl2.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * One end-to-end run on the cluster that {@code DL2_E2E_KUBECONFIG} names (skipped, as a JUnit
 * assumption, when it names none): a fresh namespace {@code dl2-e2e-TAG-XXXXXX} with deploy/'s RBAC
 * in it (the CRD too, if the cluster lacks it), fake GPU nodes dedicated to DL2, and kubeconfigs
 * with the tokens of the service accounts {@code dl2-controller} (the shipped controller role) and
 * {@code trainer} (bound to {@code dl2-progress-reporter}). The controller runs as a local process
 * under the first, as an operator runs it outside the cluster. Closing removes everything the run
 * created.
 */
final class E2eRun implements AutoCloseable {
  static final String VARIABLE = "DL2_E2E_KUBECONFIG";
  private static final Duration TOKEN_LIFETIME = Duration.ofHours(1);

  private final Path adminKubeconfig;
  private final KubernetesClient admin;
  private final String namespace;
  private final Path scratch;
  private final List<HasMetadata> clusterScoped = new ArrayList<>();
  private final List<ControllerProcess> processes = new ArrayList<>();
  private boolean createdCrd;
  private FakeNodes nodes;
  private Path controllerKubeconfig;
  private Path trainerKubeconfig;

  private E2eRun(Path adminKubeconfig, KubernetesClient admin, String namespace, Path scratch) {
    this.adminKubeconfig = adminKubeconfig;
    this.admin = admin;
    this.namespace = namespace;
    this.scratch = scratch;
  }

  /** The kubeconfig to run against, if the variable names a file. */
  static Path kubeconfig() {
    String value = System.getenv(VARIABLE);
    return value == null || value.isBlank() ? null : Path.of(value);
  }

  /** Skips the calling test unless a real cluster is configured. */
  static Path assumeCluster() {
    Path kubeconfig = kubeconfig();
    assumeTrue(
        kubeconfig != null,
        VARIABLE + " is not set: the end-to-end tests need a real cluster (kind, k3s)");
    assumeTrue(Files.isRegularFile(kubeconfig), VARIABLE + " names no file: " + kubeconfig);
    return kubeconfig;
  }

  /** A controller's slot line (not its other lines). */
  static boolean slotLine(String line) {
    return line.contains(" slot ") && line.contains(" pending, ");
  }

  /**
   * As {@link #start}, but skips the test unless the API server is on loopback (kind, k3s), where a
   * {@link DroppingProxy} can stand in front of it.
   */
  static E2eRun startOnLoopback(String tag, int gpuNodes) throws Exception {
    java.net.URI server = java.net.URI.create(ServiceAccountKubeconfig.server(assumeCluster()));
    assumeTrue(
        DroppingProxy.isLoopback(server.getHost()),
        "the " + tag + " test needs an API server on loopback (kind, k3s)");
    return start(tag, gpuNodes);
  }

  /** Starts a run with {@code gpuNodes} fake GPU nodes; skips the test without a cluster. */
  static E2eRun start(String tag, int gpuNodes) throws Exception {
    Path kubeconfig = assumeCluster();
    KubernetesClient admin =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build();
    String namespace =
        "dl2-e2e-" + tag + "-" + String.format(Locale.ROOT, "%06x", new Random().nextInt(1 << 24));
    E2eRun run = new E2eRun(kubeconfig, admin, namespace, Files.createTempDirectory(namespace));
    try {
      run.install();
      run.nodes = FakeNodes.create(admin, namespace, gpuNodes);
      return run;
    } catch (Exception | AssertionError e) {
      run.close();
      throw e;
    }
  }

  private void install() throws Exception {
    DeployObjects objects = DeployObjects.forNamespace(namespace);
    for (HasMetadata object : objects.clusterScoped()) {
      admin.resource(object).create();
      clusterScoped.add(0, object); // deleted in reverse order
    }
    CustomResourceDefinition crd = objects.crd();
    if (admin
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName(crd.getMetadata().getName())
            .get()
        == null) {
      admin.resource(crd).create();
      createdCrd = true;
      admin
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .withName(crd.getMetadata().getName())
          .waitUntilCondition(
              c ->
                  c != null
                      && c.getStatus() != null
                      && c.getStatus().getConditions().stream()
                          .anyMatch(
                              k ->
                                  k.getType().equals("Established")
                                      && k.getStatus().equals("True")),
              60,
              TimeUnit.SECONDS);
    }
    for (HasMetadata object : objects.namespaced()) {
      admin.resource(object).create();
    }
    admin
        .serviceAccounts()
        .inNamespace(namespace)
        .resource(
            new ServiceAccountBuilder().withNewMetadata().withName("trainer").endMetadata().build())
        .create();
    admin
        .rbac()
        .roleBindings()
        .inNamespace(namespace)
        .resource(
            new RoleBindingBuilder()
                .withNewMetadata()
                .withName("trainer-reports-progress")
                .endMetadata()
                .addNewSubject()
                .withKind("ServiceAccount")
                .withName("trainer")
                .withNamespace(namespace)
                .endSubject()
                .withNewRoleRef()
                .withApiGroup("rbac.authorization.k8s.io")
                .withKind("Role")
                .withName("dl2-progress-reporter")
                .endRoleRef()
                .build())
        .create();
    controllerKubeconfig = kubeconfigOf("dl2-controller", null);
    trainerKubeconfig = kubeconfigOf("trainer", null);
  }

  /**
   * A kubeconfig acting as service account {@code account}; {@code server} (may be null) replaces
   * the API server's URL.
   */
  Path kubeconfigOf(String account, String server) throws IOException {
    String token =
        admin
            .serviceAccounts()
            .inNamespace(namespace)
            .withName(account)
            .tokenRequest(
                new TokenRequestBuilder()
                    .withNewSpec()
                    .withExpirationSeconds(TOKEN_LIFETIME.toSeconds())
                    .endSpec()
                    .build())
            .getStatus()
            .getToken();
    return ServiceAccountKubeconfig.write(
        adminKubeconfig,
        server,
        token,
        namespace,
        scratch.resolve(
            account + (server == null ? "" : "-" + Math.abs(server.hashCode())) + ".kubeconfig"));
  }

  KubernetesClient admin() {
    return admin;
  }

  String namespace() {
    return namespace;
  }

  FakeNodes nodes() {
    return nodes;
  }

  Path adminKubeconfig() {
    return adminKubeconfig;
  }

  Path trainerKubeconfig() {
    return trainerKubeconfig;
  }

  /**
   * {@code dl2 controller --namespace NS ARGS} as the controller's service account; stopped when
   * the run closes.
   */
  ControllerProcess controller(List<String> args) throws IOException {
    return controller(controllerKubeconfig, args);
  }

  ControllerProcess controller(Path kubeconfig, List<String> args) throws IOException {
    List<String> all = new ArrayList<>(List.of("controller", "--namespace", namespace));
    all.addAll(args);
    ControllerProcess process =
        ControllerProcess.start(all, Map.of("KUBECONFIG", kubeconfig.toString()));
    processes.add(process);
    return process;
  }

  /** {@code dl2 ARGS} to its end as {@code kubeconfig}'s account; its exit code and lines. */
  Finished dl2(Path kubeconfig, List<String> args) throws Exception {
    try (ControllerProcess process =
        ControllerProcess.start(args, Map.of("KUBECONFIG", kubeconfig.toString()))) {
      int exit = process.awaitExit(Duration.ofMinutes(2));
      Thread.sleep(200); // the last lines
      return new Finished(exit, process.lines());
    }
  }

  /** {@code dl2 controller --once} as the controller's service account. */
  Finished once(List<String> args) throws Exception {
    List<String> all = new ArrayList<>(List.of("controller", "--namespace", namespace, "--once"));
    all.addAll(args);
    return dl2(controllerKubeconfig, all);
  }

  record Finished(int exit, List<String> lines) {
    String text() {
      return String.join("\n", lines);
    }
  }

  /** Creates a DL2Job from YAML (its namespace is the run's). */
  void createJob(String yaml) {
    Dl2Job job = admin.getKubernetesSerialization().unmarshal(yaml, Dl2Job.class);
    job.getMetadata().setNamespace(namespace);
    admin.resources(Dl2Job.class).inNamespace(namespace).resource(job).create();
  }

  Dl2JobStatus status(String job) {
    Dl2Job found = admin.resources(Dl2Job.class).inNamespace(namespace).withName(job).get();
    return found == null || found.getStatus() == null ? new Dl2JobStatus() : found.getStatus();
  }

  /** Names of the pods in the run's namespace whose name starts with {@code prefix}. */
  List<String> pods(String prefix) {
    return admin.pods().inNamespace(namespace).list().getItems().stream()
        .map(p -> p.getMetadata().getName())
        .filter(n -> n.startsWith(prefix))
        .sorted()
        .toList();
  }

  @Override
  public void close() throws Exception {
    for (ControllerProcess process : processes) {
      process.close();
    }
    if (nodes != null) {
      nodes.close();
    }
    try {
      admin.pods().inNamespace(namespace).withGracePeriod(0).delete();
      admin.namespaces().withName(namespace).delete();
    } catch (KubernetesClientException e) {
      // already gone
    }
    for (HasMetadata object : clusterScoped) {
      if (!object.getKind().equals("Namespace")) {
        admin.resource(object).delete();
      }
    }
    if (createdCrd
        && admin.resources(Dl2Job.class).inAnyNamespace().list().getItems().stream()
            .allMatch(j -> namespace.equals(j.getMetadata().getNamespace()))) {
      admin.apiextensions().v1().customResourceDefinitions().withName("dl2jobs.dl2.io").delete();
    }
    admin.close();
    try (var files = Files.walk(scratch)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
