package dl2.e2e;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The objects of deploy/ (namespace.yaml, crd.yaml, rbac.yaml) as one test run installs them: in
 * its own namespace instead of {@code dl2}, and with the cluster-scoped RBAC objects named after
 * that namespace, so that runs never touch an installed DL2 nor each other. The CRD stays as it is
 * (there is one per cluster).
 */
record DeployObjects(
    CustomResourceDefinition crd, List<HasMetadata> namespaced, List<HasMetadata> clusterScoped) {
  static final Path DEPLOY = Path.of("..", "deploy");
  private static final String SHIPPED_NAMESPACE = "dl2";
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  static DeployObjects forNamespace(String namespace) throws IOException {
    CustomResourceDefinition crd = null;
    List<HasMetadata> namespaced = new ArrayList<>();
    List<HasMetadata> clusterScoped = new ArrayList<>();
    for (String file : List.of("namespace.yaml", "crd.yaml", "rbac.yaml")) {
      for (String document : Files.readString(DEPLOY.resolve(file)).split("(?m)^---\\s*$")) {
        if (document.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("#"))) {
          continue;
        }
        HasMetadata object = YAML.unmarshal(document, HasMetadata.class);
        if (object instanceof CustomResourceDefinition definition) {
          crd = definition;
        } else if (object instanceof Namespace) {
          object.getMetadata().setName(namespace);
          clusterScoped.add(0, object);
        } else if (object instanceof ClusterRole || object instanceof ClusterRoleBinding) {
          object.getMetadata().setName(object.getMetadata().getName() + "-" + namespace);
          if (object instanceof ClusterRoleBinding binding) {
            binding.getRoleRef().setName(binding.getRoleRef().getName() + "-" + namespace);
            binding.getSubjects().forEach(s -> move(s, namespace));
          }
          clusterScoped.add(object);
        } else {
          if (!SHIPPED_NAMESPACE.equals(object.getMetadata().getNamespace())) {
            throw new IllegalStateException(
                file
                    + ": "
                    + object.getKind()
                    + " "
                    + object.getMetadata().getName()
                    + " is not in namespace "
                    + SHIPPED_NAMESPACE);
          }
          object.getMetadata().setNamespace(namespace);
          if (object instanceof RoleBinding binding) {
            binding.getSubjects().forEach(s -> move(s, namespace));
          }
          namespaced.add(object);
        }
      }
    }
    if (crd == null) {
      throw new IllegalStateException("deploy/crd.yaml holds no CustomResourceDefinition");
    }
    return new DeployObjects(crd, namespaced, clusterScoped);
  }

  private static void move(Subject subject, String namespace) {
    if (SHIPPED_NAMESPACE.equals(subject.getNamespace())) {
      subject.setNamespace(namespace);
    }
  }
}
