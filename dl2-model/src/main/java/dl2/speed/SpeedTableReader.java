package dl2.speed;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.model.JobType;
import dl2.model.ModelCatalogue;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a speed table (dl2-spec §3.5): a CSV file with the header {@code
 * model,num_ps,num_workers,speed} (columns in any order), one measurement per row. Blank lines are
 * skipped. Every problem is an {@link InputException} naming the file, the line (the header is line
 * 1) and the field.
 */
public final class SpeedTableReader {
  /** The required columns. */
  public static final List<String> HEADER = List.of("model", "num_ps", "num_workers", "speed");

  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setTrim(true).setIgnoreEmptyLines(false).get();

  private SpeedTableReader() {}

  /** Reads the table in {@code file} (UTF-8) of the built-in models. */
  public static List<SpeedRecord> read(Path file) {
    return read(file, ModelCatalogue.BUILT_IN);
  }

  /** Reads the table in {@code file} (UTF-8), whose rows may name any model of {@code models}. */
  public static List<SpeedRecord> read(Path file, ModelCatalogue models) {
    return read(
        new java.io.StringReader(new String(OutputPaths.readInput(file), StandardCharsets.UTF_8)),
        file.toString(),
        models);
  }

  /**
   * Reads a table of the built-in models from {@code in}; {@code fileName} is used in error
   * messages only.
   */
  public static List<SpeedRecord> read(Reader in, String fileName) {
    return read(in, fileName, ModelCatalogue.BUILT_IN);
  }

  private static List<SpeedRecord> read(Reader in, String fileName, ModelCatalogue models) {
    try (CSVParser parser = CSVParser.parse(in, FORMAT)) {
      return parse(parser, fileName, models);
    } catch (IOException e) {
      throw InputException.inFile(fileName, "cannot read: " + OutputPaths.reason(e));
    } catch (UncheckedIOException e) {
      // commons-csv reports malformed CSV (e.g. an unclosed quote) this way while iterating.
      throw InputException.inFile(fileName, "malformed CSV: " + e.getCause().getMessage());
    }
  }

  private static List<SpeedRecord> parse(CSVParser parser, String file, ModelCatalogue models) {
    int[] column = null;
    List<SpeedRecord> records = new ArrayList<>();
    for (NumberedRows.Row row : NumberedRows.of(parser)) {
      if (column == null) {
        column = columns(row.cells(), file, row.line());
      } else {
        records.add(record(row.cells(), column, file, row.line(), models));
      }
    }
    if (column == null) {
      throw InputException.inFile(
          file, "empty file; expected the header " + String.join(",", HEADER));
    }
    if (records.isEmpty()) {
      throw InputException.inFile(file, "no data rows after the header");
    }
    return List.copyOf(records);
  }

  /** Maps each required column to its cell index; rejects unknown and duplicate columns. */
  private static int[] columns(CSVRecord header, String file, long line) {
    int[] column = new int[HEADER.size()];
    Arrays.fill(column, -1);
    for (int i = 0; i < header.size(); i++) {
      String name = header.get(i);
      if (i == 0 && name.startsWith("\uFEFF")) {
        name = name.substring(1).trim();
      }
      int c = HEADER.indexOf(name);
      if (c < 0) {
        throw InputException.at(
            file, line, name, "unknown header column; expected " + String.join(",", HEADER));
      }
      if (column[c] >= 0) {
        throw InputException.at(file, line, name, "duplicate header column");
      }
      column[c] = i;
    }
    for (int c = 0; c < column.length; c++) {
      if (column[c] < 0) {
        throw InputException.at(file, line, HEADER.get(c), "missing header column");
      }
    }
    return column;
  }

  private static SpeedRecord record(
      CSVRecord row, int[] column, String file, long line, ModelCatalogue models) {
    if (row.size() != column.length) {
      String field =
          row.size() < column.length
              ? HEADER.get(firstMissing(row.size(), column))
              : "cell " + (column.length + 1);
      throw InputException.at(
          file, line, field, "expected " + column.length + " cells, found " + row.size());
    }
    String model = row.get(column[0]);
    Optional<JobType> type = model.isEmpty() ? Optional.empty() : models.byModelName(model);
    if (type.isEmpty()) {
      throw InputException.at(
          file,
          line,
          "model",
          "unknown model '" + model + "'; expected one of " + models.modelNames());
    }
    int numPs = count(row.get(column[1]), file, line, HEADER.get(1));
    int numWorkers = count(row.get(column[2]), file, line, HEADER.get(2));
    double speed = speed(row.get(column[3]), file, line);
    return new SpeedRecord(type.get(), numPs, numWorkers, speed);
  }

  /** The column of the first cell a short row lacks. */
  private static int firstMissing(int cells, int[] column) {
    for (int c = 0; c < column.length; c++) {
      if (column[c] >= cells) {
        return c;
      }
    }
    return column.length - 1;
  }

  private static int count(String cell, String file, long line, String field) {
    int value;
    try {
      value = Integer.parseInt(cell);
    } catch (NumberFormatException e) {
      throw InputException.at(file, line, field, "not an integer: '" + cell + "'");
    }
    if (value < 1) {
      throw InputException.at(file, line, field, "must be >= 1, got " + value);
    }
    return value;
  }

  private static double speed(String cell, String file, long line) {
    if (!DECIMAL.matcher(cell).matches()) {
      throw InputException.at(file, line, "speed", "not a number: '" + cell + "'");
    }
    double value = Double.parseDouble(cell);
    if (!Double.isFinite(value)) {
      throw InputException.at(file, line, "speed", "not finite: '" + cell + "'");
    }
    if (value < 0) {
      throw InputException.at(file, line, "speed", "must be >= 0, got " + cell);
    }
    return value;
  }
}
