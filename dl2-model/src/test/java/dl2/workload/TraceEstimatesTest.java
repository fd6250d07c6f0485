package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.ModelCatalogue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace file's own estimates ({@code estimated_epochs}, read under {@code --length-error trace}):
 * E from the column, E* from real_epochs or epochs; a missing column or value, or a bad one, is one
 * line naming the file, the line and the field.
 */
class TraceEstimatesTest {
  @TempDir Path dir;

  private Path write(String content) throws IOException {
    Path file = dir.resolve("t.csv");
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void theColumnGivesTheEstimateAndTheOthersTheTruth() throws IOException {
    Path file =
        write(
            "job_id,submit_time_s,model,epochs,real_epochs,estimated_epochs\n"
                + "1,0,wlm,10,12,30\n2,600,wlm,8,,4\n");
    assertThat(NativeTraceReader.readEstimates(file, 300, ModelCatalogue.BUILT_IN).jobs())
        .containsExactly(
            new JobSpec(1, JobType.WLM, 0, 30, 12), new JobSpec(2, JobType.WLM, 2, 4, 8));
  }

  @Test
  void withoutTraceEstimatesTheColumnIsIgnored() throws IOException {
    Path file = write("job_id,submit_time_s,model,epochs,estimated_epochs\n1,0,wlm,10,\n");
    assertThat(NativeTraceReader.read(file, 300).jobs())
        .containsExactly(JobSpec.exact(1, JobType.WLM, 0, 10));
  }

  @Test
  void aMissingColumnIsNamed() throws IOException {
    Path file = write("job_id,submit_time_s,model,epochs\n1,0,wlm,10\n");
    assertThatThrownBy(() -> NativeTraceReader.readEstimates(file, 300, ModelCatalogue.BUILT_IN))
        .isInstanceOf(InputException.class)
        .hasMessage(
            file
                + ":1: field 'estimated_epochs': missing column: --length-error trace reads each"
                + " job's estimate from it");
  }

  @Test
  void aMissingValueIsNamedWithItsLine() throws IOException {
    Path file =
        write("job_id,submit_time_s,model,epochs,estimated_epochs\n1,0,wlm,10,5\n2,0,wlm,10, \n");
    assertThatThrownBy(() -> NativeTraceReader.readEstimates(file, 300, ModelCatalogue.BUILT_IN))
        .isInstanceOf(InputException.class)
        .hasMessage(
            file
                + ":3: field 'estimated_epochs': missing estimate (--length-error trace needs one)");
  }

  @Test
  void aBadValueIsNamedWithItsLine() throws IOException {
    Path bad = write("job_id,submit_time_s,model,epochs,estimated_epochs\n1,0,wlm,10,-2\n");
    assertThatThrownBy(() -> NativeTraceReader.readEstimates(bad, 300, ModelCatalogue.BUILT_IN))
        .isInstanceOf(InputException.class)
        .hasMessage(bad + ":2: field 'estimated_epochs': epochs must be positive: -2");
    Path text = write("job_id,submit_time_s,model,epochs,estimated_epochs\n1,0,wlm,10,soon\n");
    assertThatThrownBy(() -> NativeTraceReader.readEstimates(text, 300, ModelCatalogue.BUILT_IN))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(text + ":2: field 'estimated_epochs': ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
