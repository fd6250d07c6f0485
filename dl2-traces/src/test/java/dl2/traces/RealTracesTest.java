package dl2.traces;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.traces.data.TestTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Converts the real files of the public traces, found as the commands find them ({@link
 * TestTraces}); skipped when absent, failed when absent under DL2_REQUIRE_TRACES=1.
 */
class RealTracesTest {
  private static Path file(String relative) {
    return TestTraces.require(relative);
  }

  private static ConvertedTrace convert(TraceSource source, Path file, String vc) {
    TraceWindow window = new TraceWindow(0, OptionalInt.empty(), Optional.ofNullable(vc));
    return TraceConverter.convert(
        source, file, new ConversionSettings(9973, Optional.empty(), window, BadRows.fail()));
  }

  private static void assertNative(ConvertedTrace trace, int jobs) {
    assertThat(trace.jobs()).hasSize(jobs);
    assertThat(trace.jobs().get(0).submitSeconds()).isZero();
    for (int i = 0; i < trace.jobs().size(); i++) {
      ConvertedJob job = trace.jobs().get(i);
      assertThat(job.id()).isEqualTo(i + 1);
      assertThat(job.epochs()).isPositive();
      if (i > 0) {
        assertThat(job.submitSeconds())
            .isGreaterThanOrEqualTo(trace.jobs().get(i - 1).submitSeconds());
      }
    }
  }

  private static long dataLines(Path file) throws IOException {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.filter(l -> !l.isBlank()).count();
    }
  }

  @Test
  void everyPolluxWorkload() throws IOException {
    for (String folder : List.of("workloads", "workloads-realistic")) {
      for (int n = 1; n <= 8; n++) {
        Path file = file("adaptdl/simulator/" + folder + "/workload-" + n + ".csv");
        assertNative(convert(TraceSource.POLLUX, file, null), (int) dataLines(file) - 1);
      }
    }
  }

  @Test
  void theWholePhillyTrace() throws IOException {
    Path file = file("adaptdl/simulator/traces/philly.csv");
    ConvertedTrace trace = convert(TraceSource.POLLUX_PHILLY, file, null);
    assertNative(trace, 82_247);
    long overCap;
    try (Stream<String> lines = Files.lines(file)) {
      overCap =
          lines
              .skip(1)
              .filter(l -> !l.isBlank())
              .filter(l -> Integer.parseInt(l.split(",")[2]) > TraceMapping.GPU_CAP)
              .count();
    }
    assertThat(trace.cappedGpus()).isEqualTo(overCap).isPositive();
    assertNative(convert(TraceSource.POLLUX_PHILLY, file, "11cb48"), 16_091);
  }

  @Test
  void everyGavelVirtualCluster() throws IOException {
    Path dir = file("gavel/scheduler/traces/msr/seed=0");
    List<Path> traces;
    try (Stream<Path> files = Files.list(dir)) {
      traces = files.filter(p -> p.toString().endsWith(".trace")).sorted().toList();
    }
    assertThat(traces).hasSize(15);
    int total = 0;
    for (Path trace : traces) {
      ConvertedTrace converted = convert(TraceSource.GAVEL, trace, null);
      assertNative(converted, (int) dataLines(trace));
      total += converted.jobs().size();
    }
    assertThat(total).isEqualTo(15_264);
  }

  @Test
  void tiresiasAndElasticFlow() {
    assertNative(convert(TraceSource.TIRESIAS, file("Tiresias/simulator/60_job.csv"), null), 60);
    assertNative(
        convert(
            TraceSource.ELASTICFLOW,
            file("ElasticFlow/ElasticFlow/traces_for_ElasticFlow/philly_103959.csv"),
            null),
        876);
  }
}
