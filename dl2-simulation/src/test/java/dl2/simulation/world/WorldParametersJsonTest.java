package dl2.simulation.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import org.junit.jupiter.api.Test;

class WorldParametersJsonTest {
  private static final String COMMITTED = WorldParametersJson.committedText();

  @Test
  void theCommittedFileRoundTripsExactly() {
    WorldParameters p = WorldParametersJson.read(COMMITTED, "committed");
    assertThat(WorldParametersJson.write(p, "./dl2 calibrate-world --traces ../shared/traces"))
        .isEqualTo(COMMITTED);
    assertThat(WorldParametersJson.read(WorldParametersJson.write(p, "x"), "again")).isEqualTo(p);
  }

  @Test
  void theCommittedFileNamesItsSources() {
    assertThat(WorldParametersJson.committed().sources())
        .extracting(WorldParameters.Source::licence)
        .containsOnly("MIT", "Apache-2.0");
  }

  @Test
  void aFileOfAnotherFormatIsRefused() {
    assertThatThrownBy(() -> WorldParametersJson.read("{\"format\": \"x\"}", "w.json"))
        .isInstanceOf(InputException.class)
        .hasMessage("w.json: is not a dl2-realistic-world version 1 file");
    assertThatThrownBy(() -> WorldParametersJson.read("{", "w.json"))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("w.json: is not valid JSON");
  }

  @Test
  void aMissingOrOutOfRangeParameterIsNamed() {
    assertThatThrownBy(
            () ->
                WorldParametersJson.read(
                    COMMITTED.replace("\"fluctuationLogSd\"", "\"other\""), "w.json"))
        .isInstanceOf(InputException.class)
        .hasMessage("w.json: field parameters.fluctuationLogSd is missing or not a number");
    String negative = COMMITTED.replaceFirst("\"correlation\" : [0-9.]+", "\"correlation\" : -2");
    assertThatThrownBy(() -> WorldParametersJson.read(negative, "w.json"))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("correlation must be in [-1.0, 1.0]: -2.0");
  }

  @Test
  void typesOutOfOrderAreNamed() {
    String swapped =
        COMMITTED.replaceFirst("\"resnet-50\", \"vgg-16\"", "\"vgg-16\", \"resnet-50\"");
    assertThatThrownBy(() -> WorldParametersJson.read(swapped, "w.json"))
        .isInstanceOf(InputException.class)
        .hasMessage("w.json: field colocatedThroughput.types[0] must be resnet-50");
  }
}
