package dl2.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad rows name file, line and field; whole-file problems name the file; --skip-bad-rows reports
 * and skips.
 */
class AdapterErrorsTest {
  private static final String PHILLY_HEADER = "timestamp,duration,num_gpus,gpu_time,cluster\n";

  /** The raw traces of the ElasticFlow/ITP release (no model column). */
  private static final String ITP_HEADER = "job_id,submission_time,duration,num_gpu\n";

  private static final String TIRESIAS_HEADER =
      "job_id,num_gpu,submit_time,iterations,model_name,duration,interval\n";

  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    return file;
  }

  private AbstractThrowableAssert<?, ? extends Throwable> fails(TraceSource source, String content)
      throws IOException {
    Path file = write("in.csv", content);
    return assertThatThrownBy(
            () -> TraceConverter.convert(source, file, ConversionSettings.defaults(1)))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file.toString())
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  /** Each case: source, file content, the expected message after the file name. */
  static Stream<Arguments> badRows() {
    return Stream.of(
        Arguments.of(
            TraceSource.POLLUX_PHILLY,
            "timestamp,duration,num_gpus,gpu_time\n2017-10-09 07:01:55,66.0,1,66.0\n",
            ":1: field 'cluster': missing column"),
        Arguments.of(
            TraceSource.TIRESIAS,
            "0,1,0,606,vgg19,164,30\n",
            ":1: field 'submit_time': missing column"),
        Arguments.of(
            TraceSource.TIRESIAS,
            TIRESIAS_HEADER + "0,1,0,606,vgg19,164,30\n1,1,5,606,vgg19,abc,30\n",
            ":3: field 'duration': not a number: 'abc'"),
        Arguments.of(
            TraceSource.TIRESIAS,
            TIRESIAS_HEADER + "0,1,Infinity,606,vgg19,164,30\n",
            ":2: field 'submit_time': not a number: 'Infinity'"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            "submit_time,model_name,num_gpu,duration\n0,bert,1,-5\n",
            ":2: field 'duration': must not be negative: -5"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            ITP_HEADER + "a,soon,5,1\n",
            ":2: field 'submission_time': not a number: 'soon'"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            ITP_HEADER + "a,0,5,1\nb,10,5,0\n",
            ":3: field 'num_gpu': GPUs must be in 1..1000000: 0"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            ITP_HEADER + "a,0,-1,1\n",
            ":2: field 'duration': must not be negative: -1"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            "job_id,submission_time,num_iteration,model_name,num_gpu,duration\na,0,1,mobilenet,1,5\n",
            ":2: field 'model_name': unknown model 'mobilenet'"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            "job_id,submission_time,num_gpu\na,0,1\n",
            ":1: field 'duration': missing column; expected a header with the columns submit_time (or submission_time),num_gpu,duration"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            "job_id,duration,num_gpu\na,5,1\n",
            ":1: field 'submit_time': missing column"),
        Arguments.of(
            TraceSource.ELASTICFLOW,
            "submit_time,submission_time,duration,num_gpu\n0,0,5,1\n",
            ":1: field 'submission_time': the header has both 'submit_time' and 'submission_time'; expected one of them"),
        Arguments.of(
            TraceSource.TIRESIAS,
            TIRESIAS_HEADER + "0,1.5,0,606,vgg19,164,30\n",
            ":2: field 'num_gpu': not a whole number of GPUs: '1.5'"),
        Arguments.of(
            TraceSource.TIRESIAS,
            TIRESIAS_HEADER + "0,0,0,606,vgg19,164,30\n",
            ":2: field 'num_gpu': GPUs must be in 1..1000000: 0"),
        Arguments.of(
            TraceSource.POLLUX_PHILLY,
            PHILLY_HEADER + "2017-13-01 00:00:00,66.0,1,66.0,11cb48\n",
            ":2: field 'timestamp': not a time YYYY-MM-DD HH:MM:SS: '2017-13-01 00:00:00'"),
        Arguments.of(
            TraceSource.POLLUX_PHILLY,
            PHILLY_HEADER + "2017-02-30 10:00:00,66.0,1,66.0,11cb48\n",
            ":2: field 'timestamp': not a time YYYY-MM-DD HH:MM:SS: '2017-02-30 10:00:00'"),
        Arguments.of(
            TraceSource.TIRESIAS,
            TIRESIAS_HEADER + "0,1,0,606,mobilenet,164,30\n",
            ":2: field 'model_name': unknown model 'mobilenet'; known models: a3c, alexnet"),
        Arguments.of(
            TraceSource.POLLUX,
            "name,time,application\nx-0,0,vgg16\n",
            ":2: field 'application': unknown Pollux application 'vgg16'; valid: bert, cifar10"),
        Arguments.of(
            TraceSource.POLLUX_PHILLY,
            PHILLY_HEADER + "2017-10-09 07:01:55,66.0,1\n",
            ":2: field 'cluster': missing cell"),
        Arguments.of(
            TraceSource.TIRESIAS,
            TIRESIAS_HEADER + "\n0,1,0,606,vgg19,164,30\n\n1,1,5,606,vgg19,x,30\n",
            ":5: field 'duration'"));
  }

  @ParameterizedTest
  @MethodSource("badRows")
  void badRowsNameFileLineAndField(TraceSource source, String content, String expected)
      throws IOException {
    fails(source, content).hasMessageContaining(expected);
  }

  @Test
  void emptyFileAndHeaderOnly() throws IOException {
    fails(TraceSource.POLLUX_PHILLY, "")
        .hasMessageContaining("is empty; expected a header with the columns timestamp,");
    fails(TraceSource.POLLUX_PHILLY, "\n\n").hasMessageContaining("is empty");
    fails(TraceSource.POLLUX_PHILLY, PHILLY_HEADER)
        .hasMessageContaining("has a header but no data rows");
  }

  @Test
  void notUtf8() throws IOException {
    Path file = dir.resolve("bin.csv");
    Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0x41});
    assertThatThrownBy(
            () ->
                TraceConverter.convert(TraceSource.TIRESIAS, file, ConversionSettings.defaults(1)))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": is not valid UTF-8 text");
  }

  @Test
  void unreadableFile() {
    Path missing = dir.resolve("missing.csv");
    assertThatThrownBy(
            () ->
                TraceConverter.convert(
                    TraceSource.TIRESIAS, missing, ConversionSettings.defaults(1)))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(missing + ": cannot be read");
  }

  @Test
  void gavelRowWithTooFewCells() throws IOException {
    write(
        "simulation_throughputs.json",
        "{\"v100\": {\"('LM (batch size 20)', 1)\": {\"null\": 4.0}}}");
    fails(
            TraceSource.GAVEL,
            "LM (batch size 20)\tcmd\t--steps\t1\t4800\t0\t1\nLM (batch size 20)\tcmd\t--steps\t1\t4800\n")
        .hasMessageContaining(
            ":2: field 'arrival_time': the line has 5 tab-separated cells; expected 7");
  }

  @Test
  void gavelJobTypeWithoutThroughput() throws IOException {
    write(
        "simulation_throughputs.json",
        "{\"v100\": {\"('LM (batch size 20)', 1)\": {\"null\": 4.0}}}");
    fails(TraceSource.GAVEL, "A3C\tcmd\t--steps\t1\t4800\t0\t1\n")
        .hasMessageContaining(":1: field 'job_type': no isolated 1-GPU v100 throughput for 'A3C'");
  }

  @Test
  void gavelWithoutThroughputFile() throws IOException {
    Path trace = write("x.trace", "LM (batch size 20)\tcmd\t--steps\t1\t4800\t0\t1\n");
    assertThatThrownBy(
            () -> TraceConverter.convert(TraceSource.GAVEL, trace, ConversionSettings.defaults(1)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("give --throughputs FILE");
  }

  @Test
  void gavelThroughputFileThatIsNotJson() throws IOException {
    Path trace = write("x.trace", "LM (batch size 20)\tcmd\t--steps\t1\t4800\t0\t1\n");
    Path json = write("t.json", "{\"v100\": [");
    ConversionSettings settings =
        new ConversionSettings(1, Optional.of(json), TraceWindow.ALL, BadRows.fail());
    assertThatThrownBy(() -> TraceConverter.convert(TraceSource.GAVEL, trace, settings))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(json + ": is not valid JSON");
    Path noV100 = write("k80.json", "{\"k80\": {}}");
    ConversionSettings k80 =
        new ConversionSettings(1, Optional.of(noV100), TraceWindow.ALL, BadRows.fail());
    assertThatThrownBy(() -> TraceConverter.convert(TraceSource.GAVEL, trace, k80))
        .isInstanceOf(InputException.class)
        .hasMessage(noV100 + ": has no 'v100' throughputs");
  }

  @Test
  void skipBadRowsReportsEachAndKeepsTheRest() throws IOException {
    Path file =
        write(
            "in.csv",
            TIRESIAS_HEADER
                + "0,1,0,606,vgg19,164,30\n1,1,5,606,mobilenet,164,30\n2,2,9,606,vgg11,x,30\n");
    List<String> reported = new ArrayList<>();
    ConversionSettings settings =
        new ConversionSettings(1, Optional.empty(), TraceWindow.ALL, BadRows.skip(reported::add));
    ConvertedTrace trace = TraceConverter.convert(TraceSource.TIRESIAS, file, settings);
    assertThat(trace.jobs()).hasSize(1);
    assertThat(trace.skippedRows()).isEqualTo(2);
    assertThat(reported).hasSize(2);
    assertThat(reported.get(0)).startsWith("skipped bad row: " + file + ":3: field 'model_name'");
    assertThat(reported.get(1)).startsWith("skipped bad row: " + file + ":4: field 'duration'");
  }

  @Test
  void skippingEveryRowLeavesNothingToConvert() throws IOException {
    Path file = write("in.csv", TIRESIAS_HEADER + "1,1,5,606,mobilenet,164,30\n");
    ConversionSettings settings =
        new ConversionSettings(1, Optional.empty(), TraceWindow.ALL, BadRows.skip(line -> {}));
    assertThatThrownBy(() -> TraceConverter.convert(TraceSource.TIRESIAS, file, settings))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("has no jobs with work left to convert (0 read, 1 bad rows skipped)");
  }

  @Test
  void wholeFileProblemsStopEvenWhenSkippingBadRows() throws IOException {
    Path file = write("in.csv", "job_id,num_gpu\n1,2\n");
    ConversionSettings settings =
        new ConversionSettings(1, Optional.empty(), TraceWindow.ALL, BadRows.skip(line -> {}));
    assertThatThrownBy(() -> TraceConverter.convert(TraceSource.TIRESIAS, file, settings))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("missing column");
  }
}
