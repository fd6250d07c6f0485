package dl2.kubernetes;

import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Roles and ClusterRoles of deploy/rbac.yaml, and whether a set of them allows an access, as
 * RBAC decides.
 */
final class RbacRoles {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();
  private final Map<String, List<PolicyRule>> namespaced = new HashMap<>();
  private final Map<String, List<PolicyRule>> clusterWide = new HashMap<>();

  static RbacRoles of(Path rbacYaml) throws IOException {
    RbacRoles roles = new RbacRoles();
    for (String document : Files.readString(rbacYaml).split("(?m)^---\\s*$")) {
      if (document.contains("kind: Role\n")) {
        Role role = YAML.unmarshal(document, Role.class);
        roles.namespaced.put(role.getMetadata().getName(), role.getRules());
      } else if (document.contains("kind: ClusterRole\n")) {
        ClusterRole role = YAML.unmarshal(document, ClusterRole.class);
        roles.clusterWide.put(role.getMetadata().getName(), role.getRules());
      }
    }
    return roles;
  }

  /**
   * Whether Role {@code role} (namespaced accesses) or ClusterRole {@code clusterRole} (may be
   * null) allows {@code access}.
   */
  boolean allows(String role, String clusterRole, ApiAccess access) {
    List<PolicyRule> rules = new ArrayList<>();
    if (!access.namespace().isEmpty()) {
      rules.addAll(namespaced.getOrDefault(role, List.of()));
    }
    if (clusterRole != null) {
      rules.addAll(clusterWide.getOrDefault(clusterRole, List.of()));
    }
    return rules.stream()
        .anyMatch(
            rule ->
                matches(rule.getApiGroups(), access.group())
                    && matches(rule.getResources(), access.resource())
                    && matches(rule.getVerbs(), access.verb()));
  }

  boolean has(String role) {
    return namespaced.containsKey(role) || clusterWide.containsKey(role);
  }

  private static boolean matches(List<String> allowed, String value) {
    return allowed != null && (allowed.contains("*") || allowed.contains(value));
  }
}
