package dl2.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dl2.io.Json;
import dl2.kubernetes.controller.ControllerMetrics;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * deploy/: the kustomization lists files that exist and hold valid Kubernetes objects, and the
 * Grafana dashboard queries only metrics the controller exports. Where kubectl is installed, {@code
 * kubectl kustomize deploy} itself must build.
 */
class DeployManifestsTest {
  private static final Path DEPLOY = Path.of("..", "deploy");
  private static final KubernetesSerialization YAML = new KubernetesSerialization();
  private static final Pattern METRIC = Pattern.compile("\\b(dl2_[a-z_]+)\\b");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> kustomization() throws IOException {
    return YAML.unmarshal(Files.readString(DEPLOY.resolve("kustomization.yaml")), Map.class);
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyListedResourceExistsAndHoldsValidObjects() throws IOException {
    Map<String, Object> kustomization = kustomization();
    assertThat(kustomization).containsEntry("kind", "Kustomization");
    List<String> resources = (List<String>) kustomization.get("resources");
    assertThat(resources).contains("crd.yaml", "rbac.yaml", "controller.yaml", "namespace.yaml");
    Set<String> kinds = new TreeSet<>();
    for (String resource : resources) {
      Path file = DEPLOY.resolve(resource);
      assertThat(file).as(resource).isRegularFile();
      for (String document : Files.readString(file).split("(?m)^---\\s*$")) {
        if (document.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("#"))) {
          continue;
        }
        HasMetadata object = YAML.unmarshal(document, HasMetadata.class);
        assertThat(object.getApiVersion()).as(resource).isNotBlank();
        assertThat(object.getMetadata().getName()).as(resource).isNotBlank();
        kinds.add(object.getKind());
      }
    }
    assertThat(kinds)
        .contains(
            "Namespace",
            "CustomResourceDefinition",
            "ServiceAccount",
            "Role",
            "ClusterRole",
            "Deployment");
    List<Map<String, Object>> generators =
        (List<Map<String, Object>>) kustomization.get("configMapGenerator");
    for (Map<String, Object> generator : generators) {
      for (String file : (List<String>) generator.get("files")) {
        assertThat(DEPLOY.resolve(file)).as(file).isRegularFile();
      }
    }
  }

  /**
   * DL2's nodes are dedicated as the docs say, with the taint dl2.io/dedicated: the controller uses
   * such nodes (it tolerates the taint), and its own Deployment does not tolerate it, so
   * kube-scheduler never puts the controller on the nodes it fills.
   */
  @Test
  void theControllerUsesTheDedicatedNodesAndItsOwnPodsStayOffThem() throws IOException {
    String docs = Files.readString(Path.of("..", "docs", "kubernetes.md"));
    assertThat(docs).contains("kubectl taint nodes NODE dl2.io/dedicated=true:NoSchedule");
    io.fabric8.kubernetes.api.model.Taint dedicated =
        new io.fabric8.kubernetes.api.model.Taint("NoSchedule", "dl2.io/dedicated", null, "true");
    assertThat(dl2.kubernetes.api.TaintToleration.STANDARD).anyMatch(t -> t.tolerates(dedicated));
    io.fabric8.kubernetes.api.model.apps.Deployment deployment =
        YAML.unmarshal(
            Files.readString(DEPLOY.resolve("controller.yaml")),
            io.fabric8.kubernetes.api.model.apps.Deployment.class);
    var tolerations = deployment.getSpec().getTemplate().getSpec().getTolerations();
    assertThat(
            tolerations == null
                ? List.<io.fabric8.kubernetes.api.model.Toleration>of()
                : tolerations)
        .noneMatch(t -> t.getKey() == null || t.getKey().equals("dl2.io/dedicated"));
  }

  @Test
  void theDashboardQueriesOnlyExportedMetrics() throws IOException {
    JsonNode dashboard = Json.mapper().readTree(DEPLOY.resolve("grafana-dashboard.json").toFile());
    Set<String> exported = new TreeSet<>();
    Set<String> histograms = new TreeSet<>();
    Matcher names =
        Pattern.compile("(?m)^# TYPE (dl2_\\S+) (\\S+)").matcher(new ControllerMetrics().render());
    while (names.find()) {
      exported.add(names.group(1));
      if (names.group(2).equals("histogram")) {
        histograms.add(names.group(1));
      }
    }
    Set<String> queried = new TreeSet<>();
    for (JsonNode panel : dashboard.get("panels")) {
      assertThat(panel.get("targets")).as(panel.get("title").asString()).isNotEmpty();
      for (JsonNode target : panel.get("targets")) {
        Matcher m = METRIC.matcher(target.get("expr").asString());
        while (m.find()) {
          // a histogram's series: NAME_bucket, NAME_sum, NAME_count
          String series = m.group(1).replaceFirst("_(bucket|sum|count)$", "");
          queried.add(histograms.contains(series) ? series : m.group(1));
        }
      }
    }
    assertThat(exported).as("every exported metric is on the dashboard").isSubsetOf(queried);
    assertThat(queried).as("the dashboard queries only exported metrics").isSubsetOf(exported);
  }

  @Test
  void kubectlKustomizeBuildsWhereKubectlIsInstalled() throws Exception {
    Path kubectl =
        Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .map(dir -> Path.of(dir, "kubectl"))
            .filter(Files::isExecutable)
            .findFirst()
            .orElse(null);
    assumeTrue(kubectl != null, "kubectl is not installed");
    Process process =
        new ProcessBuilder(kubectl.toString(), "kustomize", DEPLOY.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    List<String> kinds = new ArrayList<>();
    output.lines().filter(l -> l.startsWith("kind: ")).forEach(l -> kinds.add(l.substring(6)));
    assertThat(kinds).contains("Namespace", "CustomResourceDefinition", "Deployment", "ConfigMap");
    assertThat(output).contains("name: dl2-grafana-dashboard", "grafana_dashboard: \"1\"");
  }
}
