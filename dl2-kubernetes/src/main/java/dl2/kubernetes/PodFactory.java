package dl2.kubernetes;

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
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a task's Pod from the job's template for its role (or a placeholder container): name
 * {@code JOB-ROLE-INDEX}, the controller's labels, {@code nodeName} set to the placed node, the
 * task's demand as requests and limits of the first container, membership in the environment,
 * and the DL2Job as controlling owner so that deleting the job deletes its pods.
 */
final class PodFactory {
  /** Runs when a DL2Job gives no template: holds the resources, trains nothing. */
  static final String PLACEHOLDER_IMAGE = "registry.k8s.io/pause:3.10";

  private final KubernetesSerialization serialization;

  PodFactory(KubernetesSerialization serialization) {
    this.serialization = serialization;
  }

  Pod pod(JobPlan plan, String role, int index, String node, Resources demand) {
    PodTemplateSpec template = role.equals(Labels.WORKER) ? plan.spec().workerTemplate : plan.spec().psTemplate;
    PodSpec spec = template == null || template.getSpec() == null
        ? new PodSpec() : serialization.clone(template.getSpec());
    List<Container> containers = new ArrayList<>(spec.getContainers() == null ? List.of() : spec.getContainers());
    if (containers.isEmpty()) {
      containers.add(new ContainerBuilder().withName(role).withImage(PLACEHOLDER_IMAGE).build());
    }
    Container main = containers.get(0);
    main.setResources(requirements(demand));
    List<EnvVar> env = new ArrayList<>(main.getEnv() == null ? List.of() : main.getEnv());
    env.add(new EnvVar("DL2_JOB", plan.name(), null));
    env.add(new EnvVar("DL2_ROLE", role, null));
    env.add(new EnvVar("DL2_INDEX", Integer.toString(index), null));
    env.add(new EnvVar("DL2_MEMBERS_SERVICE", plan.name(), null));
    main.setEnv(env);
    spec.setContainers(containers);
    spec.setNodeName(node);
    spec.setHostname(plan.name() + "-" + role + "-" + index);
    spec.setSubdomain(plan.name());
    if (spec.getRestartPolicy() == null) {
      spec.setRestartPolicy("OnFailure");
    }
    Map<String, String> labels = labels(plan.name());
    labels.put(Labels.ROLE, role);
    labels.put(Labels.INDEX, Integer.toString(index));
    if (template != null && template.getMetadata() != null && template.getMetadata().getLabels() != null) {
      template.getMetadata().getLabels().forEach(labels::putIfAbsent);
    }
    return new PodBuilder().withMetadata(meta(plan, plan.name() + "-" + role + "-" + index, labels)).withSpec(spec).build();
  }

  /** Headless (clusterIP None) and publishing not-ready pods, so members find each other while starting. */
  Service headlessService(JobPlan plan) {
    return new ServiceBuilder().withMetadata(meta(plan, plan.name(), labels(plan.name())))
        .withNewSpec().withClusterIP("None").withPublishNotReadyAddresses(true)
        .withSelector(Map.of(Labels.JOB, plan.name())).endSpec().build();
  }

  private static ResourceRequirements requirements(Resources demand) {
    Map<String, Quantity> amounts = new LinkedHashMap<>();
    amounts.put("cpu", new Quantity(Integer.toString(demand.cores())));
    if (demand.gpus() > 0) {
      amounts.put(Labels.GPU_RESOURCE, new Quantity(Integer.toString(demand.gpus())));
    }
    return new ResourceRequirementsBuilder().withLimits(new LinkedHashMap<>(amounts)).withRequests(new LinkedHashMap<>(amounts)).build();
  }

  private static Map<String, String> labels(String job) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Labels.MANAGED_BY, Labels.CONTROLLER);
    labels.put(Labels.JOB, job);
    return labels;
  }

  private static ObjectMeta meta(JobPlan plan, String name, Map<String, String> labels) {
    ObjectMeta meta = new ObjectMeta();
    meta.setName(name);
    meta.setLabels(labels);
    if (plan.uid() != null) {
      OwnerReference owner = new OwnerReferenceBuilder().withApiVersion(Dl2Job.GROUP + "/" + Dl2Job.VERSION)
          .withKind("DL2Job").withName(plan.name()).withUid(plan.uid()).withController(true).withBlockOwnerDeletion(true)
          .build();
      meta.setOwnerReferences(List.of(owner));
    }
    return meta;
  }
}
