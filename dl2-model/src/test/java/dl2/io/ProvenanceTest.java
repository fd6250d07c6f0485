package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ProvenanceTest {
  @Test
  void comesFirstAndNamesToolVersionCommitAndFormat() throws Exception {
    ObjectNode fields = Json.mapper().createObjectNode().put("a", 1).put("b", "x");
    ObjectNode stamped = Provenance.stamped("simulation", 2, fields);

    assertThat(stamped.propertyNames()).containsExactly("dl2", "a", "b");
    assertThat(stamped.get("dl2").propertyNames())
        .containsExactly("version", "commit", "format", "format_version");
    assertThat(stamped.get("dl2").get("version").asString())
        .isEqualTo(BuildInfo.current().version());
    assertThat(stamped.get("dl2").get("format_version").asInt()).isEqualTo(2);
    assertThat(Provenance.formatOf(stamped)).isEqualTo("simulation");
    assertThat(Provenance.formatOf(fields)).isEmpty();
  }
}
