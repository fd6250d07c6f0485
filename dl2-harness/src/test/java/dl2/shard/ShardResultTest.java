package dl2.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardResultTest {
  @Test
  void theFileNamesItsBuildAndReadsBackWithoutIt() {
    ShardResult result =
        ShardResult.of(
            "teacher",
            new Shard(1, 3),
            List.of(ShardResult.UnitResult.of("unit-a", "jct", new double[] {1.5, 2.0})));
    String text = new String(result.bytes(), StandardCharsets.UTF_8);

    assertThat(text)
        .startsWith("{\n  \"dl2\" : {\n    \"version\" : ")
        .contains("\"format\" : \"shard\",\n    \"format_version\" : " + ShardResult.VERSION);
    assertThat(ShardResult.parse(result.bytes(), "shard.json")).isEqualTo(result);
  }
}
