package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeTraceReaderTest {
  private static final String HEADER = "job_id,submit_time_s,model,epochs\n";

  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  private AbstractThrowableAssert<?, ? extends Throwable> readingFails(String content)
      throws IOException {
    Path file = write("bad.csv", content);
    return assertThatThrownBy(() -> NativeTraceReader.read(file, 1200))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file.toString())
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void readsJobsWithArrivalSlotsFromSubmitTimes() throws IOException {
    Path file =
        write("week-1.csv", HEADER + "2,1300,vgg-16,50\n1,0,resnet-50,100.5\n3,2399.9,DSSM,7\n");
    Trace trace = NativeTraceReader.read(file, 1200);
    assertThat(trace.name()).isEqualTo("week-1");
    assertThat(trace.jobs())
        .containsExactly(
            JobSpec.exact(1, JobType.RESNET_50, 0, 100.5),
            JobSpec.exact(2, JobType.VGG_16, 1, 50),
            JobSpec.exact(3, JobType.DSSM, 1, 7));
  }

  @Test
  void columnsMayComeInAnyOrderWithOptionalRealEpochs() throws IOException {
    Path file =
        write("t.csv", "model, epochs ,real_epochs,job_id,submit_time_s\r\nwlm,10,12.5,7,600\r\n");
    Trace trace = NativeTraceReader.read(file, 300);
    assertThat(trace.jobs()).containsExactly(new JobSpec(7, JobType.WLM, 2, 10, 12.5));
  }

  @Test
  void emptyRealEpochsCellMeansTheEstimate() throws IOException {
    Path file = write("t.csv", "job_id,submit_time_s,model,epochs,real_epochs\n1,0,wlm,10,\n");
    assertThat(NativeTraceReader.read(file, 300).jobs().get(0).realEpochs()).isEqualTo(10);
  }

  @Test
  void blankLinesAreSkippedAndLaterLinesKeepTheirNumbers() throws IOException {
    readingFails(HEADER + "\n1,0,wlm,10\n\n2,0,wlm,-1\n")
        .hasMessageContaining(":5: field 'epochs'");
  }

  @Test
  void emptyFileIsRefused() throws IOException {
    readingFails("").hasMessageContaining("is empty");
  }

  @Test
  void whitespaceOnlyFileIsRefused() throws IOException {
    readingFails("  \n\n").hasMessageContaining("is empty");
  }

  @Test
  void headerWithoutRowsIsRefused() throws IOException {
    readingFails(HEADER).hasMessageContaining("no data rows");
  }

  @Test
  void missingColumnIsNamedOnLineOne() throws IOException {
    readingFails("job_id,submit_time_s,model\n1,0,wlm\n")
        .hasMessageContaining(":1: field 'epochs': missing column");
  }

  @Test
  void headerlessFileReportsMissingColumns() throws IOException {
    readingFails("1,0,wlm,10\n").hasMessageContaining(":1: field '1': unknown column");
  }

  @Test
  void unknownColumnsAreListed() throws IOException {
    readingFails("job_id,submit_time_s,model,epochs,gpus,user\n1,0,wlm,10,1,a\n")
        .hasMessageContaining(":1: field 'gpus': unknown columns 'gpus', 'user'");
  }

  @Test
  void duplicateColumnIsRefused() throws IOException {
    readingFails("job_id,submit_time_s,model,epochs,epochs\n1,0,wlm,10,10\n")
        .hasMessageContaining(":1: field 'epochs': column appears twice");
  }

  @Test
  void unknownModelListsValidOnes() throws IOException {
    readingFails(HEADER + "1,0,bert,10\n")
        .hasMessageContaining(
            ":2: field 'model': unknown model 'bert'; valid models: resnet-50, vgg-16");
  }

  @Test
  void negativeEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,-3\n")
        .hasMessageContaining(":2: field 'epochs': epochs must be positive");
  }

  @Test
  void zeroEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,0\n")
        .hasMessageContaining(":2: field 'epochs': epochs must be positive");
  }

  @Test
  void nonNumericEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,ten\n")
        .hasMessageContaining(":2: field 'epochs': not a number: 'ten'");
  }

  @Test
  void javaNumberSuffixesAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,10d\n").hasMessageContaining(":2: field 'epochs': not a number");
  }

  @Test
  void emptyEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,\n").hasMessageContaining(":2: field 'epochs': empty");
  }

  @Test
  void nonFiniteEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,NaN\n")
        .hasMessageContaining(":2: field 'epochs': not a finite number");
  }

  @Test
  void infiniteEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,Infinity\n")
        .hasMessageContaining(":2: field 'epochs': not a finite number");
  }

  @Test
  void overflowingEpochsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,1e400\n")
        .hasMessageContaining(":2: field 'epochs': not a finite number");
  }

  @Test
  void zeroRealEpochsAreRefused() throws IOException {
    readingFails("job_id,submit_time_s,model,epochs,real_epochs\n1,0,wlm,10,0\n")
        .hasMessageContaining(":2: field 'real_epochs': epochs must be positive");
  }

  @Test
  void nonIntegerJobIdIsRefused() throws IOException {
    readingFails(HEADER + "1.5,0,wlm,10\n")
        .hasMessageContaining(":2: field 'job_id': not an integer: '1.5'");
  }

  @Test
  void negativeJobIdIsRefused() throws IOException {
    readingFails(HEADER + "-1,0,wlm,10\n")
        .hasMessageContaining(":2: field 'job_id': job id must be in 0..");
  }

  @Test
  void hugeJobIdIsRefused() throws IOException {
    readingFails(HEADER + "99999999999999999999,0,wlm,10\n")
        .hasMessageContaining(":2: field 'job_id': job id must be in");
  }

  @Test
  void duplicateJobIdNamesBothLines() throws IOException {
    readingFails(HEADER + "4,0,wlm,10\n5,0,wlm,10\n4,9,wlm,10\n")
        .hasMessageContaining(":4: field 'job_id': duplicate job id 4 (first on line 2)");
  }

  @Test
  void negativeSubmitTimeIsRefused() throws IOException {
    readingFails(HEADER + "1,-5,wlm,10\n")
        .hasMessageContaining(":2: field 'submit_time_s': negative submit time -5");
  }

  @Test
  void nonNumericSubmitTimeIsRefused() throws IOException {
    readingFails(HEADER + "1,noon,wlm,10\n")
        .hasMessageContaining(":2: field 'submit_time_s': not a number");
  }

  @Test
  void infiniteSubmitTimeIsRefused() throws IOException {
    readingFails(HEADER + "1,inf,wlm,10\n")
        .hasMessageContaining(":2: field 'submit_time_s': not a finite number");
  }

  @Test
  void tooLargeSubmitTimeIsRefused() throws IOException {
    readingFails(HEADER + "1,1e300,wlm,10\n")
        .hasMessageContaining(":2: field 'submit_time_s': submit time too large");
  }

  @Test
  void tooFewCellsNameTheFirstMissingField() throws IOException {
    readingFails(HEADER + "1,0,wlm\n")
        .hasMessageContaining(":2: field 'epochs': the line has 3 cells but the header has 4");
  }

  @Test
  void tooManyCellsAreRefused() throws IOException {
    readingFails(HEADER + "1,0,wlm,10,3\n")
        .hasMessageContaining(":2: field '(cell 5)': the line has 5 cells");
  }

  @Test
  void unterminatedQuoteIsRefused() throws IOException {
    readingFails(HEADER + "1,0,\"wlm,10\n").hasMessageContaining("is not valid CSV");
  }

  @Test
  void missingFileIsAnInputError() {
    Path missing = dir.resolve("nope.csv");
    assertThatThrownBy(() -> NativeTraceReader.read(missing, 1200))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("nope.csv: cannot be read");
  }

  @Test
  void invalidUtf8IsRefused() throws IOException {
    Path file = dir.resolve("bin.csv");
    Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0x00, 0x41});
    assertThatThrownBy(() -> NativeTraceReader.read(file, 1200))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("not valid UTF-8");
  }

  @Test
  void traceNameDropsOnlyTheLastExtension() {
    assertThat(NativeTraceReader.traceName(Path.of("a/b/trace.v2.csv"))).isEqualTo("trace.v2");
    assertThat(NativeTraceReader.traceName(Path.of(".hidden"))).isEqualTo(".hidden");
  }
}
