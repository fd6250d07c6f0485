package dl2.kubernetes.driver;

import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.TaintToleration;
import dl2.model.Resources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a task's Pod from the job's template for its role (or a placeholder container): name
 * {@code JOB-ROLE-INDEX}, the controller's labels then the template's, the template's annotations,
 * {@code nodeName} set to the placed node, membership in the environment, the controller's
 * tolerations, and the DL2Job as controlling owner so that deleting the job deletes its pods. The
 * merge rule of resources: DL2 sets what it allocates, the first container's {@code cpu} and {@code
 * nvidia.com/gpu} (requests = limits = the task's demand; no GPU entry for a task without GPU), and
 * keeps every other request and limit of the template as it is (memory, ephemeral storage, other
 * extended resources).
 */
public final class PodFactory {
  /** Runs when a DL2Job gives no template: holds the resources, trains nothing. */
  static final String PLACEHOLDER_IMAGE = "registry.k8s.io/pause:3.10";

  /** Port of the elastic-training rendezvous on worker 0 (torchrun's c10d default). */
  static final int RENDEZVOUS_PORT = 29400;

  /** A pod's hostname is a DNS label. */
  static final int MAX_HOSTNAME = 63;

  private final KubernetesSerialization serialization;
  private final List<TaintToleration> tolerations;

  /** Every pod tolerates {@code tolerations}: the taints of the nodes the controller uses. */
  public PodFactory(KubernetesSerialization serialization, List<TaintToleration> tolerations) {
    this.serialization = serialization;
    this.tolerations = List.copyOf(tolerations);
  }

  Pod pod(JobPlan plan, String role, int index, String node, Resources demand) {
    PodTemplateSpec template =
        role.equals(Labels.WORKER) ? plan.spec().workerTemplate : plan.spec().psTemplate;
    PodSpec spec =
        spec(
            template,
            role,
            demand,
            List.of(
                new EnvVar("DL2_JOB", plan.name(), null),
                new EnvVar("DL2_ROLE", role, null),
                new EnvVar("DL2_INDEX", Integer.toString(index), null),
                new EnvVar("DL2_MEMBERS_SERVICE", plan.name(), null)));
    spec.setNodeName(node);
    String name = plan.name() + "-" + role + "-" + index;
    if (name.length()
        <= MAX_HOSTNAME) { // indices only grow: a long name's later pods go without a DNS hostname
      spec.setHostname(name);
    }
    spec.setSubdomain(plan.name());
    Map<String, String> labels = labels(plan.name(), template);
    labels.put(Labels.ROLE, role);
    labels.put(Labels.INDEX, Integer.toString(index));
    ObjectMeta meta = meta(plan, name, labels);
    meta.setAnnotations(annotations(template));
    return new PodBuilder().withMetadata(meta).withSpec(spec).build();
  }

  /** The template's annotations (null for none), e.g. a service mesh's or a scraper's. */
  static Map<String, String> annotations(PodTemplateSpec template) {
    return template == null
            || template.getMetadata() == null
            || template.getMetadata().getAnnotations() == null
            || template.getMetadata().getAnnotations().isEmpty()
        ? null
        : new LinkedHashMap<>(template.getMetadata().getAnnotations());
  }

  /**
   * The pod template of an Indexed Job's workers: the job's worker template with a worker's demand
   * and the elastic-training environment. Kubernetes names each pod's host {@code JOB-INDEX} under
   * the job's headless Service and sets {@code JOB_COMPLETION_INDEX}; worker 0 hosts the
   * rendezvous.
   */
  PodTemplateSpec indexedWorkers(JobPlan plan, int maxWorkers) {
    PodTemplateSpec template = plan.spec().workerTemplate;
    PodSpec spec =
        spec(
            template,
            Labels.WORKER,
            plan.type().demand(dl2.model.Task.WORKER),
            List.of(
                new EnvVar("DL2_JOB", plan.name(), null),
                new EnvVar("DL2_ROLE", Labels.WORKER, null),
                new EnvVar("DL2_MEMBERS_SERVICE", plan.name(), null),
                new EnvVar("DL2_MIN_WORKERS", "1", null),
                new EnvVar("DL2_MAX_WORKERS", Integer.toString(maxWorkers), null),
                new EnvVar(
                    "DL2_RDZV_ENDPOINT",
                    plan.name() + "-0." + plan.name() + ":" + RENDEZVOUS_PORT,
                    null)));
    spec.setSubdomain(plan.name());
    Map<String, String> labels = labels(plan.name(), template);
    labels.put(Labels.ROLE, Labels.WORKER);
    ObjectMeta meta = new ObjectMeta();
    meta.setLabels(labels);
    meta.setAnnotations(annotations(template));
    return new PodTemplateSpec(meta, spec);
  }

  /**
   * The template's pod spec (or a placeholder container) with {@code demand} and {@code env} on its
   * first container.
   */
  private PodSpec spec(
      PodTemplateSpec template, String role, Resources demand, List<EnvVar> dl2Env) {
    PodSpec spec =
        template == null || template.getSpec() == null
            ? new PodSpec()
            : serialization.clone(template.getSpec());
    List<Container> containers =
        new ArrayList<>(spec.getContainers() == null ? List.of() : spec.getContainers());
    if (containers.isEmpty()) {
      containers.add(new ContainerBuilder().withName(role).withImage(PLACEHOLDER_IMAGE).build());
    }
    Container main = containers.get(0);
    main.setResources(merged(main.getResources(), demand));
    List<EnvVar> env = new ArrayList<>(main.getEnv() == null ? List.of() : main.getEnv());
    env.addAll(dl2Env);
    main.setEnv(env);
    spec.setContainers(containers);
    spec.setTolerations(withTolerations(spec.getTolerations(), tolerations));
    if (spec.getRestartPolicy() == null) {
      spec.setRestartPolicy("OnFailure");
    }
    return spec;
  }

  /** The template's tolerations, then the controller's that it lacks. */
  static List<Toleration> withTolerations(List<Toleration> own, List<TaintToleration> controllers) {
    List<Toleration> all = new ArrayList<>(own == null ? List.of() : own);
    for (TaintToleration t : controllers) {
      if (!all.contains(t.toleration())) {
        all.add(t.toleration());
      }
    }
    return all;
  }

  /** The controller's labels, then the template's own. */
  private static Map<String, String> labels(String job, PodTemplateSpec template) {
    Map<String, String> labels = labels(job);
    if (template != null
        && template.getMetadata() != null
        && template.getMetadata().getLabels() != null) {
      template.getMetadata().getLabels().forEach(labels::putIfAbsent);
    }
    return labels;
  }

  /**
   * Headless (clusterIP None) and publishing not-ready pods, so members find each other while
   * starting.
   */
  Service headlessService(JobPlan plan) {
    return new ServiceBuilder()
        .withMetadata(meta(plan, plan.name(), labels(plan.name())))
        .withNewSpec()
        .withClusterIP("None")
        .withPublishNotReadyAddresses(true)
        .withSelector(Map.of(Labels.JOB, plan.name()))
        .endSpec()
        .build();
  }

  /**
   * The template's requirements ({@code own}, may be null) with DL2's {@code cpu} and {@code
   * nvidia.com/gpu} set to {@code demand}.
   */
  static ResourceRequirements merged(ResourceRequirements own, Resources demand) {
    ResourceRequirements merged =
        own == null
            ? new ResourceRequirementsBuilder().build()
            : new ResourceRequirementsBuilder(own).build();
    merged.setRequests(withDemand(own == null ? null : own.getRequests(), demand));
    merged.setLimits(withDemand(own == null ? null : own.getLimits(), demand));
    return merged;
  }

  /**
   * {@code amounts} (may be null) with {@code cpu} and the GPUs of {@code demand}: the rest as it
   * was.
   */
  static Map<String, Quantity> withDemand(Map<String, Quantity> amounts, Resources demand) {
    Map<String, Quantity> merged = new LinkedHashMap<>(amounts == null ? Map.of() : amounts);
    merged.put("cpu", new Quantity(Integer.toString(demand.cores())));
    if (demand.gpus() > 0) {
      merged.put(Labels.GPU_RESOURCE, new Quantity(Integer.toString(demand.gpus())));
    } else {
      merged.remove(Labels.GPU_RESOURCE);
    }
    return merged;
  }

  static Map<String, String> labels(String job) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Labels.MANAGED_BY, Labels.CONTROLLER);
    labels.put(Labels.JOB, job);
    return labels;
  }

  static ObjectMeta meta(JobPlan plan, String name, Map<String, String> labels) {
    ObjectMeta meta = new ObjectMeta();
    meta.setName(name);
    meta.setLabels(labels);
    if (plan.uid() != null) {
      OwnerReference owner =
          new OwnerReferenceBuilder()
              .withApiVersion(Dl2Job.GROUP + "/" + Dl2Job.VERSION)
              .withKind("DL2Job")
              .withName(plan.name())
              .withUid(plan.uid())
              .withController(true)
              .withBlockOwnerDeletion(true)
              .build();
      meta.setOwnerReferences(List.of(owner));
    }
    return meta;
  }
}
