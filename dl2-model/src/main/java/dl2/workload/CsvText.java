package dl2.workload;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * How every trace reader reads CSV text; each problem is a one-line {@link InputException} naming
 * the file.
 */
public final class CsvText {
  private CsvText() {}

  /** The file as strict UTF-8 text without a byte-order mark. */
  public static String read(Path path) {
    String file = path.toString();
    byte[] bytes = OutputPaths.readInput(path);
    try {
      String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (CharacterCodingException e) {
      throw InputException.inFile(file, "is not valid UTF-8 text");
    }
  }

  /** The records of {@code text} in {@code format}, without blank lines. */
  public static List<CSVRecord> nonBlankRecords(String file, String text, CSVFormat format) {
    try (CSVParser parser = format.parse(new StringReader(text))) {
      List<CSVRecord> records = new ArrayList<>();
      for (CSVRecord record : parser) {
        if (!(record.size() == 1 && record.get(0).isBlank())) {
          records.add(record);
        }
      }
      return records;
    } catch (IOException | UncheckedIOException e) {
      // Malformed quoting: commons-csv reports the line in its own message.
      throw InputException.inFile(file, "is not valid CSV: " + describe(e));
    }
  }

  /** The innermost message (commons-csv's own, with the line), never an exception class name. */
  private static String describe(Exception e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause().getMessage() != null) {
      cause = cause.getCause();
    }
    String message = cause.getMessage() == null ? "malformed quoting" : cause.getMessage();
    return message.replaceAll("\\s+", " ").trim();
  }
}
