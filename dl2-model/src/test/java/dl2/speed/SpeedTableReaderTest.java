package dl2.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.JobType;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpeedTableReaderTest {
  private static final String HEADER = "model,num_ps,num_workers,speed\n";

  private static List<SpeedRecord> read(String text) {
    return SpeedTableReader.read(new StringReader(text), "t.csv");
  }

  private static void assertError(String text, String message) {
    assertThatThrownBy(() -> read(text)).isInstanceOf(InputException.class).hasMessage(message);
  }

  @Test
  void itReadsRowsInFileOrder() {
    assertThat(read(HEADER + "resnet-50,1,2,32.5\nwlm,16,3,0\n"))
        .containsExactly(
            new SpeedRecord(JobType.RESNET_50, 1, 2, 32.5), new SpeedRecord(JobType.WLM, 16, 3, 0));
  }

  @Test
  void itAcceptsReorderedColumnsSpacesBlankLinesCrlfAndABom() {
    String text =
        "\uFEFFspeed, num_workers ,model,num_ps\r\n\r\n"
            + " 1.5e2 ,4, VGG-16 ,2\r\n  \r\n.5,1,dssm,1";
    assertThat(read(text))
        .containsExactly(
            new SpeedRecord(JobType.VGG_16, 2, 4, 150), new SpeedRecord(JobType.DSSM, 1, 1, 0.5));
  }

  @Test
  void anEmptyFileIsAnError() {
    assertError("", "t.csv: empty file; expected the header model,num_ps,num_workers,speed");
    assertError("\n \n", "t.csv: empty file; expected the header model,num_ps,num_workers,speed");
  }

  @Test
  void aHeaderWithoutRowsIsAnError() {
    assertError(HEADER + "\n", "t.csv: no data rows after the header");
  }

  @Test
  void aMissingHeaderColumnIsAnError() {
    assertError(
        "model,num_ps,speed\nresnet-50,1,2\n",
        "t.csv:1: field 'num_workers': missing header column");
  }

  @Test
  void anUnknownHeaderColumnIsAnError() {
    assertError(
        "model,num_ps,num_workers,speed,note\n",
        "t.csv:1: field 'note': unknown header column; expected model,num_ps,num_workers,speed");
  }

  @Test
  void aDuplicateHeaderColumnIsAnError() {
    assertError(
        "model,num_ps,num_workers,speed,speed\n",
        "t.csv:1: field 'speed': duplicate header column");
  }

  @Test
  void anUnknownModelIsAnError() {
    assertError(
        HEADER + "resnet-50,1,1,3\nresnet-51,1,1,3\n",
        "t.csv:3: field 'model': unknown model 'resnet-51'; expected one of "
            + JobType.modelNames());
    assertError(
        HEADER + ",1,1,3\n",
        "t.csv:2: field 'model': unknown model ''; expected one of " + JobType.modelNames());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "x,1,1|num_ps|not an integer: 'x'",
        "1.5,1,1|num_ps|not an integer: '1.5'",
        ",1,1|num_ps|not an integer: ''",
        "0,1,1|num_ps|must be >= 1, got 0",
        "1,-2,1|num_workers|must be >= 1, got -2",
        "1,99999999999,1|num_workers|not an integer: '99999999999'",
        "1,1,abc|speed|not a number: 'abc'",
        "1,1,NaN|speed|not a number: 'NaN'",
        "1,1,Infinity|speed|not a number: 'Infinity'",
        "1,1,2f|speed|not a number: '2f'",
        "1,1,1e400|speed|not finite: '1e400'",
        "1,1,-0.5|speed|must be >= 0, got -0.5",
      })
  void aBadCellIsAnErrorNamingLineAndField(String cells, String field, String problem) {
    assertError(
        HEADER + "wlm,1,1,1\n\nwlm," + cells + "\n", "t.csv:4: field '" + field + "': " + problem);
  }

  @Test
  void aRowWithTooFewCellsNamesTheFirstMissingField() {
    assertError(HEADER + "wlm,1,1\n", "t.csv:2: field 'speed': expected 4 cells, found 3");
    assertError(
        "speed,model,num_ps,num_workers\n1,wlm\n",
        "t.csv:2: field 'num_ps': expected 4 cells, found 2");
  }

  @Test
  void aRowWithTooManyCellsIsAnError() {
    assertError(HEADER + "wlm,1,1,2,3\n", "t.csv:2: field 'cell 5': expected 4 cells, found 5");
  }

  @Test
  void malformedCsvIsAnError() {
    assertThatThrownBy(() -> read(HEADER + "\"wlm,1,1,2\n"))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("t.csv: malformed CSV: ");
  }

  @Test
  void aFileIsReadAndNamedInErrors(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("speeds.csv");
    Files.writeString(file, HEADER + "seq2seq,2,2,400\nseq2seq,2,0,400\n");
    assertThatThrownBy(() -> SpeedTableReader.read(file))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ":3: field 'num_workers': must be >= 1, got 0");
    Files.writeString(file, HEADER + "seq2seq,2,2,400\n");
    assertThat(SpeedTableReader.read(file))
        .containsExactly(new SpeedRecord(JobType.SEQ2SEQ, 2, 2, 400));
  }

  @Test
  void aMissingFileIsAnError(@TempDir Path dir) {
    Path file = dir.resolve("absent.csv");
    assertThatThrownBy(() -> SpeedTableReader.read(file))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": cannot be read: no such file");
  }
}
