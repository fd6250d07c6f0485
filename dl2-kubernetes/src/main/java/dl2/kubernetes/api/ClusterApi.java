package dl2.kubernetes.api;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Comparator;
import java.util.List;

/**
 * Every API call the controller makes, each through {@link ApiRetry}. Creates are idempotent (an
 * object that already exists counts as created: a retried create whose first attempt reached the
 * server, or a restart redoing a slot), and deletes of absent objects succeed.
 */
public final class ClusterApi {
  public static final String STATE_CONFIG_MAP = "dl2-controller-state";
  public static final ResourceDefinitionContext DL2JOBS =
      new ResourceDefinitionContext.Builder()
          .withGroup(Dl2Job.GROUP)
          .withVersion(Dl2Job.VERSION)
          .withKind("DL2Job")
          .withPlural("dl2jobs")
          .withNamespaced(true)
          .build();

  private final KubernetesClient client;
  private final String namespace;
  private final ApiRetry retry;
  private volatile WriteFence fence = WriteFence.NONE;

  public ClusterApi(KubernetesClient client, String namespace, ApiRetry retry) {
    this.client = client;
    this.namespace = namespace;
    this.retry = retry;
  }

  public KubernetesClient client() {
    return client;
  }

  public String namespace() {
    return namespace;
  }

  public ApiRetry retry() {
    return retry;
  }

  /** Every write from now on asks {@code writeFence} first, and again before each retry. */
  public void fencedBy(WriteFence writeFence) {
    this.fence = writeFence;
  }

  /** Runs a write through the retries, each attempt only while the fence allows it. */
  public void write(Runnable call) {
    retry.run(
        () -> {
          fence.check();
          call.run();
        });
  }

  /** The controller's state, kept in the namespace's {@link #STATE_CONFIG_MAP}. */
  public ControllerStateStore controllerState() {
    return new ControllerStateStore(this);
  }

  /** Every node, cluster-wide. */
  public List<Node> nodes() {
    return retry.call(() -> client.nodes().list().getItems());
  }

  /** Every DL2Job of the namespace, in name order, each parsed on its own. */
  public List<ObservedJob> jobs() {
    List<GenericKubernetesResource> items =
        retry.call(
            () ->
                client
                    .genericKubernetesResources(DL2JOBS)
                    .inNamespace(namespace)
                    .list()
                    .getItems());
    return items.stream()
        .sorted(Comparator.comparing(r -> r.getMetadata().getName()))
        .map(this::parse)
        .toList();
  }

  private ObservedJob parse(GenericKubernetesResource resource) {
    String name = resource.getMetadata().getName();
    String created = resource.getMetadata().getCreationTimestamp();
    String uid = resource.getMetadata().getUid();
    long generation =
        resource.getMetadata().getGeneration() == null ? 0 : resource.getMetadata().getGeneration();
    try {
      Dl2Job job = client.getKubernetesSerialization().convertValue(resource, Dl2Job.class);
      return new ObservedJob(name, created, uid, generation, job, null);
    } catch (RuntimeException e) {
      return new ObservedJob(
          name,
          created,
          uid,
          generation,
          null,
          "the DL2Job does not match the schema: " + e.getMessage());
    }
  }

  /** Pods the controller manages, in name order, including those already terminating. */
  public List<Pod> pods() {
    return retry
        .call(
            () ->
                client
                    .pods()
                    .inNamespace(namespace)
                    .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
                    .list()
                    .getItems())
        .stream()
        .sorted(Comparator.comparing(p -> p.getMetadata().getName()))
        .toList();
  }

  public List<Service> services() {
    return retry
        .call(
            () ->
                client
                    .services()
                    .inNamespace(namespace)
                    .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
                    .list()
                    .getItems())
        .stream()
        .sorted(Comparator.comparing(s -> s.getMetadata().getName()))
        .toList();
  }

  /**
   * Creates {@code object}; a 409 counts as success if an object of that name now exists (the API
   * says AlreadyExists; the mock server says Invalid). If that object differs from the one wanted,
   * the next slot's diff replaces it.
   */
  public void create(HasMetadata object) {
    createIdempotently(
        () -> client.resource(object).inNamespace(namespace).create(),
        () -> client.resource(object).inNamespace(namespace).get());
  }

  /** {@link #create} for a custom resource the client has no class for (e.g. a Volcano Job). */
  public void create(ResourceDefinitionContext type, GenericKubernetesResource object) {
    createIdempotently(
        () ->
            client
                .genericKubernetesResources(type)
                .inNamespace(namespace)
                .resource(object)
                .create(),
        () ->
            client
                .genericKubernetesResources(type)
                .inNamespace(namespace)
                .withName(object.getMetadata().getName())
                .get());
  }

  private void createIdempotently(Runnable create, java.util.function.Supplier<Object> existing) {
    write(
        () -> {
          try {
            create.run();
          } catch (KubernetesClientException e) {
            if (e.getCode() != 409 || existing.get() == null) {
              throw e;
            }
          }
        });
  }

  /** Indexed Jobs the controller manages, in name order. */
  public List<Job> batchJobs() {
    return retry
        .call(
            () ->
                client
                    .batch()
                    .v1()
                    .jobs()
                    .inNamespace(namespace)
                    .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
                    .list()
                    .getItems())
        .stream()
        .sorted(Comparator.comparing(j -> j.getMetadata().getName()))
        .toList();
  }

  /** JSON merge patch of a Job (its parallelism, completions and annotations). */
  public void patchBatchJob(String name, String mergePatch) {
    write(
        () ->
            client
                .batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withName(name)
                .patch(PatchContext.of(PatchType.JSON_MERGE), mergePatch));
  }

  /** Deletes a Job and, in the background, its pods. */
  public void deleteBatchJob(String name) {
    write(
        () ->
            client
                .batch()
                .v1()
                .jobs()
                .inNamespace(namespace)
                .withName(name)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                .delete());
  }

  public void deletePod(String name) {
    write(() -> client.pods().inNamespace(namespace).withName(name).delete());
  }

  public void deleteService(String name) {
    write(() -> client.services().inNamespace(namespace).withName(name).delete());
  }

  /**
   * JSON merge patch of the status subresource: only the fields set in {@code status} change. Goes
   * through the generic client so that a DL2Job whose spec does not parse can still be marked.
   * False, changing nothing, if the DL2Job is gone (deleted since it was listed).
   */
  public boolean patchStatus(String jobName, Dl2JobStatus status) {
    String patch = "{\"status\":" + client.getKubernetesSerialization().asJson(status) + "}";
    try {
      write(
          () ->
              client
                  .genericKubernetesResources(DL2JOBS)
                  .inNamespace(namespace)
                  .withName(jobName)
                  .subresource("status")
                  .patch(PatchContext.of(PatchType.JSON_MERGE), patch));
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return false;
      }
      throw e;
    }
  }
}
