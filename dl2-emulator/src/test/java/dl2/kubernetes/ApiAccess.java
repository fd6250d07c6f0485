package dl2.kubernetes;

import java.util.Arrays;
import java.util.List;

/**
 * One API request as RBAC sees it: the API group ("" for the core group), the resource (with its
 * subresource, e.g. {@code dl2jobs/status}), the verb and the namespace ("" when cluster-scoped),
 * and the request's body (for the owner references it sets).
 */
record ApiAccess(String group, String resource, String verb, String namespace, String body) {
  /**
   * The access a request asks for; null for non-resource URLs such as /version, which every user
   * may read.
   */
  static ApiAccess of(String method, String pathAndQuery, String body) {
    String[] split = pathAndQuery.split("\\?", 2);
    String query = split.length > 1 ? split[1] : "";
    List<String> parts = Arrays.stream(split[0].split("/")).filter(s -> !s.isEmpty()).toList();
    String group;
    List<String> rest;
    if (parts.size() >= 2 && parts.get(0).equals("api")) {
      group = "";
      rest = parts.subList(2, parts.size());
    } else if (parts.size() >= 3 && parts.get(0).equals("apis")) {
      group = parts.get(1);
      rest = parts.subList(3, parts.size());
    } else {
      return null;
    }
    if (rest.isEmpty()) {
      return null; // discovery
    }
    String namespace = "";
    if (rest.get(0).equals("namespaces") && rest.size() >= 3) {
      namespace = rest.get(1);
      rest = rest.subList(2, rest.size());
    }
    String resource = rest.get(0);
    boolean named = rest.size() >= 2;
    if (rest.size() >= 3) {
      resource = resource + "/" + rest.get(2);
    }
    return new ApiAccess(
        group, resource, verb(method, named, query), namespace, body == null ? "" : body);
  }

  private static String verb(String method, boolean named, String query) {
    return switch (method) {
      case "GET" -> named ? "get" : query.contains("watch=true") ? "watch" : "list";
      case "POST" -> "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> named ? "delete" : "deletecollection";
      default -> method.toLowerCase(java.util.Locale.ROOT);
    };
  }

  @Override
  public String toString() {
    return verb
        + " "
        + (group.isEmpty() ? "" : group + "/")
        + resource
        + (namespace.isEmpty() ? "" : " in " + namespace);
  }
}
