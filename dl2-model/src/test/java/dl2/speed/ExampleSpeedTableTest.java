package dl2.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.speed.RbfTableSpeed.ZeroSpeed;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sample table for users, examples/speed-table.csv (see examples/README.md). */
class ExampleSpeedTableTest {
  private static final Path FILE = Path.of("..", "examples", "speed-table.csv");

  @Test
  void itHoldsTheDefaultModelOnTheSparseGridToThreeDecimals() {
    List<SpeedRecord> records = SpeedTableReader.read(FILE);
    assertThat(records).hasSize(8 * 36);
    for (SpeedRecord r : records) {
      assertThat(List.of(1, 2, 4, 8, 12, 16)).contains(r.numPs(), r.numWorkers());
      assertThat(r.samplesPerSecond())
          .isCloseTo(
              FittedOptimusSpeed.INSTANCE.samplesPerSecond(r.type(), r.numPs(), r.numWorkers()),
              within(5e-4 + 1e-12));
    }
  }

  @Test
  void itLoadsForEveryModel() {
    RbfTableSpeed speed =
        RbfTableSpeed.load(FILE, 17, ZeroSpeed.KEEP).requireModels(List.of(JobType.values()));
    assertThat(speed.samplesPerSecond(JobType.RESNET_50, 1, 1)).isCloseTo(32.904, within(1e-9));
  }
}
