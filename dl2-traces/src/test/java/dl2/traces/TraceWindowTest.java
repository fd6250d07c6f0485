package dl2.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --start/--jobs windows in arrival order, re-based to 0, and --vc selection. */
class TraceWindowTest {
  @TempDir Path dir;

  private static ConversionSettings window(int start, Integer jobs, String vc) {
    TraceWindow window =
        new TraceWindow(
            start,
            jobs == null ? OptionalInt.empty() : OptionalInt.of(jobs),
            Optional.ofNullable(vc));
    return new ConversionSettings(Fixtures.SEED, Optional.empty(), window, BadRows.fail());
  }

  private Path fiveJobs() throws IOException {
    Path file = dir.resolve("five.csv");
    // Unsorted; two jobs at 300 s (line order breaks the tie).
    Files.writeString(
        file,
        "submit_time,model_name,num_gpu,duration\n"
            + "900,bert,1,60\n300,vgg16,1,60\n100,gpt2,1,60\n300,resnet50,1,60\n1500,inception3,1,60\n");
    return file;
  }

  @Test
  void consecutiveJobsFromStartRebasedToZero() throws IOException {
    ConvertedTrace trace =
        TraceConverter.convert(TraceSource.ELASTICFLOW, fiveJobs(), window(1, 3, null));
    // Sorted: gpt2@100, vgg16@300 (line 3), resnet50@300 (line 5), bert@900, inception3@1500.
    assertThat(trace.jobs()).extracting(ConvertedJob::id).containsExactly(1, 2, 3);
    assertThat(trace.jobs())
        .extracting(ConvertedJob::submitSeconds)
        .containsExactly(0.0, 0.0, 600.0);
    assertThat(trace.jobs())
        .extracting(j -> j.type().modelName())
        .containsExactly("vgg-16", "resnet-50", "wlm");
    assertThat(trace.sourceJobs()).isEqualTo(5);
  }

  @Test
  void aWindowPastTheEndKeepsTheRest() throws IOException {
    ConvertedTrace trace =
        TraceConverter.convert(TraceSource.ELASTICFLOW, fiveJobs(), window(3, 10, null));
    assertThat(trace.jobs()).extracting(ConvertedJob::submitSeconds).containsExactly(0.0, 600.0);
  }

  @Test
  void aStartPastTheEndIsAnError() throws IOException {
    Path file = fiveJobs();
    assertThatThrownBy(
            () -> TraceConverter.convert(TraceSource.ELASTICFLOW, file, window(5, null, null)))
        .isInstanceOf(InputException.class)
        .hasMessage("--start 5: the trace has only 5 jobs (positions 0..4)");
  }

  @Test
  void badWindowValues() {
    assertThatThrownBy(() -> window(-1, null, null))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("--start");
    assertThatThrownBy(() -> window(0, 0, null))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("--jobs");
  }

  @Test
  void oneVirtualClusterOfPhilly() {
    ConvertedTrace trace =
        TraceConverter.convert(
            TraceSource.POLLUX_PHILLY, Fixtures.resource("philly.csv"), window(0, null, "11cb48"));
    assertThat(trace.jobs()).hasSize(1);
    assertThat(trace.jobs().get(0).submitSeconds()).isZero();
    assertThat(trace.otherVirtualClusters()).isEqualTo(3);
  }

  @Test
  void unknownVirtualClusterListsTheOthers() {
    Path file = Fixtures.resource("philly.csv");
    assertThatThrownBy(
            () ->
                TraceConverter.convert(TraceSource.POLLUX_PHILLY, file, window(0, null, "ffffff")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("its clusters (jobs): 11cb48 (1), 6214e9 (3)");
  }

  @Test
  void sourcesWithoutVirtualClustersRefuseVc() {
    Path file = Fixtures.resource("tiresias.csv");
    assertThatThrownBy(
            () -> TraceConverter.convert(TraceSource.TIRESIAS, file, window(0, null, "x")))
        .isInstanceOf(InputException.class)
        .hasMessage("--vc: tiresias traces have no virtual clusters");
  }

  @Test
  void gavelDirectoryWithVc() {
    Path traces = Fixtures.resource("gavel/traces/seed=0");
    assertThat(TraceConverter.convert(TraceSource.GAVEL, traces, window(0, null, "abc123")).jobs())
        .hasSize(2);
    assertThatThrownBy(
            () -> TraceConverter.convert(TraceSource.GAVEL, traces, window(0, null, null)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("choose one with --vc NAME (abc123)");
    assertThatThrownBy(
            () -> TraceConverter.convert(TraceSource.GAVEL, traces, window(0, null, "zzz")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("has no virtual cluster 'zzz'; valid: abc123");
  }

  @Test
  void otherSourcesRefuseDirectories() {
    Path traces = Fixtures.resource("gavel");
    assertThatThrownBy(
            () -> TraceConverter.convert(TraceSource.TIRESIAS, traces, window(0, null, null)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("is a directory");
  }
}
