package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import org.junit.jupiter.api.Test;

/** deploy/ rewritten for a test run's namespace: nothing of it lands in dl2, and it installs. */
class DeployObjectsTest {
  private static final String NS = "dl2-e2e-x-00beef";

  @Test
  void everyObjectMovesToTheRunsNamespaceAndTheClusterWideOnesAreNamedAfterIt() throws Exception {
    DeployObjects objects = DeployObjects.forNamespace(NS);
    assertThat(objects.crd().getMetadata().getName()).isEqualTo("dl2jobs.dl2.io");
    assertThat(objects.namespaced())
        .isNotEmpty()
        .allMatch(o -> o.getMetadata().getNamespace().equals(NS));
    assertThat(objects.namespaced())
        .extracting(HasMetadata::getKind)
        .contains("ServiceAccount", "Role", "RoleBinding");
    assertThat(objects.namespaced())
        .filteredOn(o -> o instanceof RoleBinding)
        .allMatch(
            b ->
                ((RoleBinding) b)
                    .getSubjects().stream().allMatch(s -> s.getNamespace().equals(NS)));
    assertThat(objects.clusterScoped())
        .extracting(o -> o.getKind() + " " + o.getMetadata().getName())
        .containsExactly(
            "Namespace " + NS,
            "ClusterRole dl2-controller-nodes-" + NS,
            "ClusterRoleBinding dl2-controller-nodes-" + NS);
    ClusterRoleBinding binding = (ClusterRoleBinding) objects.clusterScoped().get(2);
    assertThat(binding.getRoleRef().getName()).isEqualTo("dl2-controller-nodes-" + NS);
    assertThat(binding.getSubjects())
        .singleElement()
        .satisfies(s -> assertThat(s.getNamespace()).isEqualTo(NS));
  }

  @Test
  void theyInstallOnTheEmulatedApiServer() throws Exception {
    DeployObjects objects = DeployObjects.forNamespace(NS);
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      objects.clusterScoped().forEach(o -> cluster.client().resource(o).create());
      cluster.client().resource(objects.crd()).create();
      objects.namespaced().forEach(o -> cluster.client().resource(o).create());
      assertThat(
              cluster
                  .client()
                  .rbac()
                  .roles()
                  .inNamespace(NS)
                  .withName("dl2-progress-reporter")
                  .get())
          .isNotNull();
      assertThat(
              cluster.client().serviceAccounts().inNamespace(NS).withName("dl2-controller").get())
          .isNotNull();
    }
  }
}
