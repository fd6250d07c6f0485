package dl2.kubernetes.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.TaintToleration;
import dl2.model.ClusterSpec;
import dl2.model.JobType;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The affinity each built-in placement gives the pod templates of the Volcano and Indexed Jobs the
 * drivers create (read back from the CRUD mock server), written out by hand as the docs show it.
 */
class PlacementAffinityTest {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** fewest-nodes' preference: nodes that hold pods of bert, at the largest weight. */
  private static final String WITH_BERT =
      """
        - weight: 100
          podAffinityTerm:
            labelSelector:
              matchLabels:
                dl2.io/job: bert
            topologyKey: kubernetes.io/hostname
      """;

  /** fewest-nodes: that preference alone. */
  private static final String FEWEST_NODES =
      """
      podAffinity:
        preferredDuringSchedulingIgnoredDuringExecution:
      """
          + WITH_BERT;

  /**
   * interference-aware: that, and avoid nodes with pods of any job but bert, at half the weight.
   */
  private static final String INTERFERENCE_AWARE =
      FEWEST_NODES
          + """
      podAntiAffinity:
        preferredDuringSchedulingIgnoredDuringExecution:
        - weight: 50
          podAffinityTerm:
            labelSelector:
              matchExpressions:
              - key: dl2.io/job
                operator: Exists
              - key: dl2.io/job
                operator: NotIn
                values: [bert]
            topologyKey: kubernetes.io/hostname
      """;

  /** A template's own rules: a required GPU model and a preference to sit with a data cache. */
  private static final String OWN =
      """
      nodeAffinity:
        requiredDuringSchedulingIgnoredDuringExecution:
          nodeSelectorTerms:
          - matchExpressions:
            - key: gpu-model
              operator: In
              values: [a100]
      podAffinity:
        preferredDuringSchedulingIgnoredDuringExecution:
        - weight: 10
          podAffinityTerm:
            labelSelector:
              matchLabels:
                app: data-cache
            topologyKey: kubernetes.io/hostname
      """;

  /** The template's rules first, then fewest-nodes' term appended to its pod affinity. */
  private static final String OWN_THEN_FEWEST_NODES = OWN + WITH_BERT;

  @Test
  void fewestNodesPrefersTheJobsOwnNodesOnBothDrivers() {
    assertBothDriversGive("fewest-nodes", null, FEWEST_NODES);
  }

  /**
   * What the controller runs anyway, named: stable-fewest-nodes places new tasks as fewest-nodes
   * does.
   */
  @Test
  void aStablePlacementHasItsNewTasksPlacementsAffinity() {
    assertBothDriversGive("stable-fewest-nodes", null, FEWEST_NODES);
    assertBothDriversGive("stable", null, null);
  }

  @Test
  void interferenceAwareAlsoAvoidsOtherJobsNodesOnBothDrivers() {
    assertBothDriversGive("interference-aware", null, INTERFERENCE_AWARE);
  }

  @Test
  void leastLoadedTheDefaultAndPlugInsAddNothing() {
    for (String placement : new String[] {"least-loaded", null, "last-node"}) {
      assertBothDriversGive(placement, null, null);
      assertBothDriversGive(placement, OWN, OWN);
    }
  }

  @Test
  void aTemplatesOwnRulesComeFirstAndThePlacementsAreAppended() {
    assertBothDriversGive("fewest-nodes", OWN, OWN_THEN_FEWEST_NODES);
  }

  @Test
  void onlyAPlugInUnderAJobDriverIsWorthALine() {
    assertThat(DriverKind.VOLCANO.placementNote("last-node"))
        .contains(
            "placement last-node is a plug-in, which --driver "
                + "volcano cannot turn into affinity rules: Volcano places the pods by its own scoring");
    assertThat(DriverKind.INDEXED_JOB.placementNote("last-node"))
        .contains(
            "placement last-node is a plug-in, which --driver "
                + "indexed-job cannot turn into affinity rules: kube-scheduler places the pods by its own scoring");
    assertThat(DriverKind.PODS.placementNote("last-node"))
        .as("the pods driver binds every pod to its node")
        .isEmpty();
    for (String builtIn :
        new String[] {null, "least-loaded", "fewest-nodes", "interference-aware"}) {
      assertThat(DriverKind.VOLCANO.placementNote(builtIn)).as(builtIn).isEmpty();
    }
  }

  /**
   * Every pod template of both drivers' objects for job bert under {@code placement}, from
   * templates with {@code own} rules (YAML, or null), has the affinity {@code expected} (YAML, or
   * null: none).
   */
  private static void assertBothDriversGive(String placement, String own, String expected) {
    for (DriverKind kind : List.of(DriverKind.VOLCANO, DriverKind.INDEXED_JOB)) {
      assertThat(madeBy(kind, placement, own))
          .as(kind.cliName() + " under " + placement + (own == null ? "" : ", own rules"))
          .containsOnly(expected == null ? null : affinity(expected));
    }
  }

  /**
   * The affinity of every pod template of the object {@code kind} creates for job bert (2 workers,
   * 1 PS) under {@code placement}, whose DL2Job's templates have {@code own} (YAML, or null) rules.
   */
  private static List<Affinity> madeBy(DriverKind kind, String placement, String own) {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      ClusterApi api =
          new ClusterApi(cluster.client(), "team", new ApiRetry(2, Duration.ofMillis(1)));
      kind.driver(api, TaintToleration.STANDARD, 16, null, placement).apply(List.of(plan(own)));
      if (kind == DriverKind.INDEXED_JOB) {
        return Collections.singletonList(
            cluster
                .client()
                .batch()
                .v1()
                .jobs()
                .inNamespace("team")
                .withName("bert")
                .get()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getAffinity());
      }
      Map<?, ?> spec =
          (Map<?, ?>)
              cluster
                  .client()
                  .genericKubernetesResources(VolcanoDriver.VCJOBS)
                  .inNamespace("team")
                  .withName("bert")
                  .get()
                  .getAdditionalProperties()
                  .get("spec");
      return ((List<?>) spec.get("tasks"))
          .stream()
              .map(
                  task ->
                      ((Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) task).get("template")).get("spec"))
                          .get("affinity"))
              .map(affinity -> SERIALIZATION.convertValue(affinity, Affinity.class))
              .toList();
    }
  }

  private static JobPlan plan(String own) {
    Dl2JobSpec spec = new Dl2JobSpec();
    spec.modelType = "resnet-50";
    spec.epochs = 10.0;
    if (own != null) {
      spec.workerTemplate = new PodTemplateSpec();
      spec.workerTemplate.setSpec(new io.fabric8.kubernetes.api.model.PodSpec());
      spec.workerTemplate.getSpec().setAffinity(affinity(own));
      spec.psTemplate = SERIALIZATION.clone(spec.workerTemplate);
    }
    return new JobPlan(
        "bert",
        "uid-1",
        JobType.RESNET_50,
        spec,
        Collections.nCopies(2, "node-000"),
        Collections.nCopies(1, "node-001"));
  }

  private static Affinity affinity(String yaml) {
    return SERIALIZATION.unmarshal(yaml, Affinity.class);
  }
}
