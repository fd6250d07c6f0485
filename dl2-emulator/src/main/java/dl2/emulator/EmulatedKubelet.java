package dl2.emulator;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kubelet of {@link EmulatedIndexedJobs}: runs each pod's container once, with its {@code
 * $(VAR)} references expanded from its environment, keeps its log for the API to serve, and writes
 * its phase and exit code.
 */
final class EmulatedKubelet {
  private static final Pattern REFERENCE =
      Pattern.compile("\\$\\$|\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

  private final MockCluster cluster;
  private final KubernetesClient client;
  private final String namespace;
  private final EmulatedIndexedJobs.Container container;
  private final Set<String> started = ConcurrentHashMap.newKeySet();

  EmulatedKubelet(MockCluster cluster, String namespace, EmulatedIndexedJobs.Container container) {
    this.cluster = cluster;
    this.client = cluster.client();
    this.namespace = namespace;
    this.container = container;
  }

  /** The kubelet's part: the pod runs, its log is kept, its phase and exit code are written. */
  void run(Pod pod) {
    String name = pod.getMetadata().getName();
    if (!started.add(name) || client.pods().inNamespace(namespace).withName(name).get() == null) {
      return; // deleted while pending
    }
    setPhase(name, "Running", null);
    cluster.volumes().mount(pod);
    var spec = pod.getSpec().getContainers().get(0);
    Map<String, String> env = new LinkedHashMap<>();
    spec.getEnv().forEach(v -> env.put(v.getName(), v.getValue()));
    List<String> args =
        cluster.volumes().hostArgs(pod, spec.getArgs().stream().map(a -> expand(a, env)).toList());
    StringWriter log = new StringWriter();
    int exitCode;
    try (PrintWriter writer = new PrintWriter(log)) {
      try {
        exitCode = container.run(args, env, writer);
      } catch (RuntimeException e) {
        writer.println("container crashed: " + e.getMessage());
        exitCode = 1;
      }
    }
    cluster.logs().record(namespace, name, log.toString());
    setPhase(name, exitCode == 0 ? "Succeeded" : "Failed", exitCode);
  }

  void setPhase(String name, String phase, Integer exitCode) {
    try {
      client
          .pods()
          .inNamespace(namespace)
          .withName(name)
          .editStatus(
              p -> {
                if (p.getStatus() == null) {
                  p.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
                }
                p.getStatus().setPhase(phase);
                if (exitCode != null) {
                  p.getStatus()
                      .setContainerStatuses(
                          List.of(
                              new ContainerStatusBuilder()
                                  .withName(p.getSpec().getContainers().get(0).getName())
                                  .withNewState()
                                  .withNewTerminated()
                                  .withExitCode(exitCode)
                                  .endTerminated()
                                  .endState()
                                  .build()));
                }
                return p;
              });
    } catch (KubernetesClientException e) {
      // the pod was deleted meanwhile (its Job went away)
    }
  }

  /**
   * {@code $(VAR)} replaced by VAR's value, {@code $$} by {@code $}, unknown references kept: the
   * kubelet's rule.
   */
  static String expand(String arg, Map<String, String> env) {
    Matcher m = REFERENCE.matcher(arg);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement = m.group().equals("$$") ? "$" : env.getOrDefault(m.group(1), m.group());
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    return m.appendTail(out).toString();
  }
}
