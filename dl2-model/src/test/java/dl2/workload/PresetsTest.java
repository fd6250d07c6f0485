package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The standard scales of dl2-spec §4.5. */
class PresetsTest {
  @ParameterizedTest
  @CsvSource({
    "paper-testbed, 6, 10, 5, 4, 1000, 300, 16",
    "paper-small, 96, 60, 3, 20, 30000, 1200, 16",
    "paper-large, 500, 200, 10, 40, 30000, 1200, 16",
    "paper-dense, 48, 60, 3, 20, 80000, 1200, 32",
  })
  void presetsMatchTheSpecTable(
      String name,
      int nodes,
      int jobs,
      int max,
      int window,
      int maxEpochs,
      int slotSeconds,
      int cap) {
    Preset preset = Presets.byName(name);
    assertThat(preset.cluster().nodes()).isEqualTo(nodes);
    assertThat(preset.cluster().coresPerNode()).isEqualTo(8);
    assertThat(preset.cluster().gpusPerNode()).isEqualTo(2);
    assertThat(preset.workload().totalJobs()).isEqualTo(jobs);
    assertThat(preset.workload().maxArrivals()).isEqualTo(max);
    assertThat(preset.window()).isEqualTo(window);
    assertThat(preset.workload().maxEpochs()).isEqualTo(maxEpochs);
    assertThat(preset.slotSeconds()).isEqualTo(slotSeconds);
    assertThat(preset.taskCap()).isEqualTo(cap);
    assertThat(preset.generator().jobs(1)).hasSize(jobs);
  }
}
