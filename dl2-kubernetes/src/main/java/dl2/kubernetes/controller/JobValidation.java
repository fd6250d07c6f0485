package dl2.kubernetes.controller;

import dl2.kubernetes.api.ApiNames;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.driver.DriverKind;
import dl2.model.JobType;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The checks the CRD schema makes on a real API server, repeated here because a cluster may run
 * without the schema (or with an older one) and the mock server does not validate; and the checks
 * the API server makes on the objects named after the job (its Service, its pods' hostnames) and
 * built from its templates (container names, ports, labels), so that a job the server would reject
 * gets a {@code Valid=False} condition before any of its objects is sent, never stopping the
 * others.
 */
final class JobValidation {
  record Problem(String reason, String message) {}

  private final DriverKind driver;
  private final int taskCap;

  JobValidation(DriverKind driver, int taskCap) {
    this.driver = driver;
    this.taskCap = taskCap;
  }

  Optional<Problem> check(Dl2Job job) {
    Dl2JobSpec spec = job.getSpec();
    if (spec == null) {
      return Optional.of(new Problem("MissingSpec", "the DL2Job has no spec"));
    }
    if (spec.modelType == null || JobType.byModelName(spec.modelType).isEmpty()) {
      return Optional.of(
          new Problem(
              "UnknownModelType",
              "spec.modelType must be one of " + JobType.modelNames() + ", got " + spec.modelType));
    }
    if (spec.epochs == null || !(spec.epochs > 0) || spec.epochs.isInfinite()) {
      return Optional.of(
          new Problem("BadEpochs", "spec.epochs must be a positive number, got " + spec.epochs));
    }
    if (spec.maxWorkers != null && spec.maxWorkers < 1) {
      return Optional.of(
          new Problem("BadCap", "spec.maxWorkers must be at least 1, got " + spec.maxWorkers));
    }
    if (spec.maxParameterServers != null && spec.maxParameterServers < 1) {
      return Optional.of(
          new Problem(
              "BadCap",
              "spec.maxParameterServers must be at least 1, got " + spec.maxParameterServers));
    }
    return name(job.getMetadata().getName())
        .or(() -> template("spec.workerTemplate", spec.workerTemplate))
        .or(() -> template("spec.psTemplate", spec.psTemplate));
  }

  /**
   * The job's name names its headless Service (a DNS-1035 label) and starts each pod's hostname (a
   * DNS-1123 label).
   */
  private Optional<Problem> name(String name) {
    String service = ApiNames.dns1035Label(name);
    if (service != null) {
      return Optional.of(
          new Problem(
              "BadName",
              "metadata.name \"" + name + "\" cannot name the job's Service: " + service));
    }
    int longest = name.length() + driver.hostnameSuffix(taskCap);
    if (longest > ApiNames.LABEL_MAX) {
      return Optional.of(
          new Problem(
              "BadName",
              "metadata.name \""
                  + name
                  + "\" is too long for its pods' hostnames: with "
                  + driver.cliName()
                  + " and --task-cap "
                  + taskCap
                  + " they reach "
                  + longest
                  + " characters, and Kubernetes allows "
                  + ApiNames.LABEL_MAX
                  + " (use at most "
                  + (ApiNames.LABEL_MAX - driver.hostnameSuffix(taskCap))
                  + ")"));
    }
    return Optional.empty();
  }

  private Optional<Problem> template(String path, PodTemplateSpec template) {
    List<String> problems = new ArrayList<>();
    if (template != null
        && template.getMetadata() != null
        && template.getMetadata().getLabels() != null) {
      for (Map.Entry<String, String> label : template.getMetadata().getLabels().entrySet()) {
        String key = ApiNames.labelKey(label.getKey());
        if (key != null) {
          problems.add(path + ".metadata.labels: key \"" + label.getKey() + "\": " + key);
        }
        String value = ApiNames.labelValue(label.getValue());
        if (value != null) {
          problems.add(
              path
                  + ".metadata.labels["
                  + label.getKey()
                  + "]: \""
                  + label.getValue()
                  + "\": "
                  + value);
        }
      }
    }
    if (template != null && template.getSpec() != null) {
      Set<String> names = new HashSet<>();
      containers(
          path + ".spec.initContainers", template.getSpec().getInitContainers(), names, problems);
      containers(path + ".spec.containers", template.getSpec().getContainers(), names, problems);
      String restart = template.getSpec().getRestartPolicy();
      if (restart != null && !List.of("Always", "OnFailure", "Never").contains(restart)) {
        problems.add(
            path + ".spec.restartPolicy: \"" + restart + "\" is not Always, OnFailure or Never");
      } else if ("Always".equals(restart) && driver == DriverKind.INDEXED_JOB) {
        problems.add(
            path
                + ".spec.restartPolicy: a Job's pods may not restart Always (use OnFailure or Never)");
      }
    }
    return problems.isEmpty()
        ? Optional.empty()
        : Optional.of(new Problem("BadTemplate", String.join("; ", problems)));
  }

  private static void containers(
      String path, List<Container> containers, Set<String> names, List<String> problems) {
    if (containers == null) {
      return;
    }
    for (int i = 0; i < containers.size(); i++) {
      Container c = containers.get(i);
      String at = path + "[" + i + "]";
      String name = ApiNames.dns1123Label(c.getName());
      if (name != null) {
        problems.add(at + ".name: \"" + (c.getName() == null ? "" : c.getName()) + "\": " + name);
      } else if (!names.add(c.getName())) {
        problems.add(at + ".name: \"" + c.getName() + "\" is used twice");
      }
      if (c.getImage() == null || c.getImage().isBlank()) {
        problems.add(at + ".image: required");
      }
      for (ContainerPort port : c.getPorts() == null ? List.<ContainerPort>of() : c.getPorts()) {
        if (port.getContainerPort() == null
            || port.getContainerPort() < 1
            || port.getContainerPort() > 65535) {
          problems.add(
              at + ".ports: containerPort " + port.getContainerPort() + " is not 1..65535");
        }
        String portName = port.getName() == null ? null : ApiNames.portName(port.getName());
        if (portName != null) {
          problems.add(at + ".ports: name \"" + port.getName() + "\": " + portName);
        }
      }
    }
  }
}
