package dl2.kubernetes.driver;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.TaintToleration;
import dl2.model.Resources;
import dl2.model.Task;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Volcano driver (dl2-spec §11): one Volcano Job ({@code batch.volcano.sh/v1alpha1}) per DL2Job
 * with tasks {@code ps} and {@code worker}; each slot patches their {@code replicas} and the gang's
 * {@code minAvailable} (the mutable fields) with a JSON patch, creates the Volcano Job when a job
 * first gets tasks and deletes it when the job has none. Volcano places the pods itself (its
 * scheduler, not the controller's placement, of which both tasks' templates carry only the {@link
 * PlacementAffinity}) and publishes membership with its env and svc plugins.
 */
public final class VolcanoDriver implements ScalingDriver {
  public static final ResourceDefinitionContext VCJOBS =
      new ResourceDefinitionContext.Builder()
          .withGroup("batch.volcano.sh")
          .withVersion("v1alpha1")
          .withKind("Job")
          .withPlural("jobs")
          .withNamespaced(true)
          .build();

  private final ClusterApi api;
  private final List<TaintToleration> tolerations;
  private final PlacementAffinity affinity;

  /**
   * Every task's pods tolerate {@code tolerations}, the taints of the nodes the controller counts,
   * and carry {@code affinity}.
   */
  public VolcanoDriver(
      ClusterApi api, List<TaintToleration> tolerations, PlacementAffinity affinity) {
    this.api = api;
    this.tolerations = List.copyOf(tolerations);
    this.affinity = affinity;
  }

  @Override
  public Changes apply(List<JobPlan> plans, Resources nodeCapacity) {
    Map<String, GenericKubernetesResource> existing = new LinkedHashMap<>();
    for (GenericKubernetesResource job :
        api.retry()
            .call(
                () ->
                    api.client()
                        .genericKubernetesResources(VCJOBS)
                        .inNamespace(api.namespace())
                        .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
                        .list()
                        .getItems())) {
      existing.put(job.getMetadata().getName(), job);
    }
    int created = 0;
    int deleted = 0;
    Rejections rejections = new Rejections();
    Set<String> wanted = new HashSet<>();
    for (JobPlan plan : plans) {
      int tasks = plan.workers() + plan.parameterServers();
      if (tasks == 0) {
        continue;
      }
      wanted.add(plan.name());
      GenericKubernetesResource current = existing.get(plan.name());
      if (current == null) {
        rejections.guarded(plan.name(), () -> api.create(VCJOBS, volcanoJob(plan))).run();
        created += rejections.byJob().containsKey(plan.name()) ? 0 : tasks; // refused: no churn
        continue;
      }
      int[] replicas = replicas(current);
      if (replicas[0] != plan.workers() || replicas[1] != plan.parameterServers()) {
        rejections.guarded(plan.name(), () -> patch(plan, current)).run();
        if (rejections.byJob().containsKey(plan.name())) {
          continue; // refused: the Volcano Job is as it was
        }
        created +=
            Math.max(0, plan.workers() - replicas[0])
                + Math.max(0, plan.parameterServers() - replicas[1]);
        deleted +=
            Math.max(0, replicas[0] - plan.workers())
                + Math.max(0, replicas[1] - plan.parameterServers());
      }
    }
    for (Map.Entry<String, GenericKubernetesResource> entry : existing.entrySet()) {
      if (!wanted.contains(entry.getKey())) {
        int[] replicas = replicas(entry.getValue());
        api.write(
            () ->
                api.client()
                    .genericKubernetesResources(VCJOBS)
                    .inNamespace(api.namespace())
                    .withName(entry.getKey())
                    .delete());
        deleted += replicas[0] + replicas[1];
      }
    }
    return new Changes(created, deleted, rejections.byJob());
  }

  /** (workers, PSs) as the Volcano Job's tasks say. */
  public static int[] replicas(GenericKubernetesResource job) {
    int[] counts = new int[2];
    for (Map<String, Object> task : tasks(job)) {
      int replicas = ((Number) task.getOrDefault("replicas", 0)).intValue();
      counts[Labels.WORKER.equals(task.get("name")) ? 0 : 1] += replicas;
    }
    return counts;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> tasks(GenericKubernetesResource job) {
    Map<String, Object> spec =
        (Map<String, Object>) job.getAdditionalProperties().getOrDefault("spec", Map.of());
    return (List<Map<String, Object>>) spec.getOrDefault("tasks", List.of());
  }

  /**
   * replace ops on each task's replicas (found by name) and on minAvailable: all tasks form the
   * gang.
   */
  private void patch(JobPlan plan, GenericKubernetesResource current) {
    List<String> ops = new ArrayList<>();
    List<Map<String, Object>> tasks = tasks(current);
    for (int i = 0; i < tasks.size(); i++) {
      int replicas =
          Labels.WORKER.equals(tasks.get(i).get("name")) ? plan.workers() : plan.parameterServers();
      ops.add(
          "{\"op\":\"replace\",\"path\":\"/spec/tasks/"
              + i
              + "/replicas\",\"value\":"
              + replicas
              + "}");
      ops.add(
          "{\"op\":\"replace\",\"path\":\"/spec/tasks/"
              + i
              + "/minAvailable\",\"value\":"
              + replicas
              + "}");
    }
    ops.add(
        "{\"op\":\"replace\",\"path\":\"/spec/minAvailable\",\"value\":"
            + (plan.workers() + plan.parameterServers())
            + "}");
    String patch = "[" + String.join(",", ops) + "]";
    api.write(
        () ->
            api.client()
                .genericKubernetesResources(VCJOBS)
                .inNamespace(api.namespace())
                .withName(plan.name())
                .patch(PatchContext.of(PatchType.JSON), patch));
  }

  private GenericKubernetesResource volcanoJob(JobPlan plan) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("schedulerName", "volcano");
    spec.put("minAvailable", plan.workers() + plan.parameterServers());
    spec.put("plugins", Map.of("env", List.of(), "svc", List.of()));
    spec.put(
        "tasks",
        List.of(
            task(plan, Labels.PS, plan.parameterServers(), plan.spec().psTemplate, Task.PS),
            task(plan, Labels.WORKER, plan.workers(), plan.spec().workerTemplate, Task.WORKER)));
    return new GenericKubernetesResourceBuilder()
        .withApiVersion("batch.volcano.sh/v1alpha1")
        .withKind("Job")
        .withNewMetadata()
        .withName(plan.name())
        .withNamespace(api.namespace())
        .addToLabels(Labels.MANAGED_BY, Labels.CONTROLLER)
        .addToLabels(Labels.JOB, plan.name())
        .endMetadata()
        .addToAdditionalProperties("spec", spec)
        .build();
  }

  private Map<String, Object> task(
      JobPlan plan, String role, int replicas, PodTemplateSpec template, Task task) {
    Resources demand = plan.type().demand(task);
    var serialization = api.client().getKubernetesSerialization();
    Map<String, Object> container = new LinkedHashMap<>();
    container.put("name", role);
    container.put("image", PodFactory.PLACEHOLDER_IMAGE);
    Map<String, Object> podSpec = new LinkedHashMap<>();
    if (template != null && template.getSpec() != null) {
      podSpec =
          api.client().getKubernetesSerialization().convertValue(template.getSpec(), Map.class);
    }
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> containers =
        new ArrayList<>((List<Map<String, Object>>) podSpec.getOrDefault("containers", List.of()));
    if (containers.isEmpty()) {
      containers.add(container);
    }
    Map<String, Object> first = new LinkedHashMap<>(containers.get(0));
    ResourceRequirements resources =
        serialization.convertValue(first.get("resources"), ResourceRequirements.class);
    first.put(
        "resources", serialization.convertValue(PodFactory.merged(resources, demand), Map.class));
    containers.set(0, first);
    podSpec.put("containers", containers);
    podSpec.putIfAbsent("restartPolicy", "OnFailure");
    List<Toleration> own = new ArrayList<>();
    for (Object toleration : (List<?>) podSpec.getOrDefault("tolerations", List.of())) {
      own.add(serialization.convertValue(toleration, Toleration.class));
    }
    podSpec.put(
        "tolerations",
        PodFactory.withTolerations(own, tolerations).stream()
            .map(t -> serialization.convertValue(t, Map.class))
            .toList());
    if (affinity
        != PlacementAffinity.NONE) { // the default's template stays as it was before placements
      Affinity ownAffinity = serialization.convertValue(podSpec.get("affinity"), Affinity.class);
      podSpec.put(
          "affinity",
          serialization.convertValue(affinity.addedTo(ownAffinity, plan.name()), Map.class));
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("name", role);
    result.put("replicas", replicas);
    result.put("minAvailable", replicas);
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Labels.JOB, plan.name());
    labels.put(Labels.ROLE, role);
    if (template != null
        && template.getMetadata() != null
        && template.getMetadata().getLabels() != null) {
      template.getMetadata().getLabels().forEach(labels::putIfAbsent);
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("labels", labels);
    if (PodFactory.annotations(template) != null) {
      metadata.put("annotations", PodFactory.annotations(template));
    }
    result.put("template", Map.of("metadata", metadata, "spec", podSpec));
    return result;
  }
}
