package dl2.kubernetes.api;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * deploy/crd.yaml against the Java model and against specs: the example is accepted and each bad
 * spec is rejected, checked by a small validator of the schema keywords the CRD uses (type,
 * required, enum, minimum, exclusiveMinimum, properties, items), as the API server would.
 */
class CrdSchemaTest {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();
  private static final Path DEPLOY = Path.of("..", "deploy");

  private static JSONSchemaProps schema() throws IOException {
    CustomResourceDefinition crd =
        YAML.unmarshal(
            Files.readString(DEPLOY.resolve("crd.yaml")), CustomResourceDefinition.class);
    assertThat(crd.getSpec().getGroup()).isEqualTo(Dl2Job.GROUP);
    assertThat(crd.getSpec().getVersions().get(0).getName()).isEqualTo(Dl2Job.VERSION);
    return crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
  }

  @SuppressWarnings("unchecked")
  private static List<String> violations(String yaml) throws IOException {
    return violations(schema(), YAML.unmarshal(yaml, Map.class), "");
  }

  @Test
  void theModelEnumIsExactlyTheJobTypes() throws IOException {
    List<String> models =
        schema().getProperties().get("spec").getProperties().get("modelType").getEnum().stream()
            .map(n -> YAML.convertValue(n, String.class))
            .toList();
    assertThat(models)
        .containsExactlyElementsOf(
            Arrays.stream(JobType.values()).map(JobType::modelName).toList());
  }

  @Test
  void theExampleJobsAreValid() throws IOException {
    assertThat(violations(Files.readString(DEPLOY.resolve("example-dl2job.yaml")))).isEmpty();
    assertThat(violations(Files.readString(DEPLOY.resolve("example-elastic-pytorch.yaml"))))
        .isEmpty();
  }

  @Test
  void badSpecsAreRejected() throws IOException {
    String head = "apiVersion: dl2.io/v1alpha1\nkind: DL2Job\nmetadata: {name: x}\n";
    assertThat(violations(head)).containsExactly("spec is required");
    assertThat(violations(head + "spec: {modelType: resnet-50}"))
        .containsExactly("spec.epochs is required");
    assertThat(violations(head + "spec: {modelType: resnet-51, epochs: 3}"))
        .containsExactly("spec.modelType: resnet-51 is not allowed");
    assertThat(violations(head + "spec: {modelType: wlm, epochs: 0}"))
        .containsExactly("spec.epochs must be > 0.0");
    assertThat(violations(head + "spec: {modelType: wlm, epochs: 2, maxWorkers: 0}"))
        .containsExactly("spec.maxWorkers must be >= 1.0");
    assertThat(violations(head + "spec: {modelType: wlm, epochs: ten}"))
        .containsExactly("spec.epochs must be a number");
    assertThat(violations(head + "spec: {modelType: dssm, epochs: 2.5, maxParameterServers: 3}"))
        .isEmpty();
  }

  private static List<String> violations(JSONSchemaProps schema, Object value, String path) {
    List<String> out = new ArrayList<>();
    String type = schema.getType();
    if (type != null && !hasType(type, value)) {
      out.add(
          path
              + " must be a"
              + (type.equals("object") || type.equals("integer") ? "n " : " ")
              + type);
      return out;
    }
    if (schema.getEnum() != null
        && !schema.getEnum().isEmpty()
        && schema.getEnum().stream()
            .map(n -> YAML.convertValue(n, Object.class))
            .noneMatch(e -> String.valueOf(e).equals(String.valueOf(value)))) {
      out.add(path + ": " + value + " is not allowed");
    }
    if (schema.getMinimum() != null && value instanceof Number n) {
      boolean exclusive = Boolean.TRUE.equals(schema.getExclusiveMinimum());
      if (exclusive
          ? n.doubleValue() <= schema.getMinimum()
          : n.doubleValue() < schema.getMinimum()) {
        out.add(path + " must be " + (exclusive ? "> " : ">= ") + schema.getMinimum());
      }
    }
    if (value instanceof Map<?, ?> map) {
      for (String field : schema.getRequired() == null ? List.<String>of() : schema.getRequired()) {
        if (!map.containsKey(field)) {
          out.add(child(path, field) + " is required");
        }
      }
      if (schema.getProperties() != null) {
        schema
            .getProperties()
            .forEach(
                (field, sub) -> {
                  if (map.containsKey(field)) {
                    out.addAll(violations(sub, map.get(field), child(path, field)));
                  }
                });
      }
    }
    if (value instanceof List<?> list && schema.getItems() != null) {
      for (int i = 0; i < list.size(); i++) {
        out.addAll(violations(schema.getItems().getSchema(), list.get(i), path + "[" + i + "]"));
      }
    }
    return out;
  }

  private static String child(String path, String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  private static boolean hasType(String type, Object value) {
    return switch (type) {
      case "object" -> value instanceof Map;
      case "array" -> value instanceof List;
      case "string" -> value instanceof String;
      case "integer" -> value instanceof Integer || value instanceof Long;
      case "number" -> value instanceof Number;
      case "boolean" -> value instanceof Boolean;
      default -> false;
    };
  }
}
