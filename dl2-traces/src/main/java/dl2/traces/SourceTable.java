package dl2.traces;

import dl2.io.InputException;
import dl2.workload.CsvText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * A source file's data rows with their 1-based line numbers (the header, if any, is line 1).
 * Whole-file problems (unreadable, not UTF-8, not CSV, empty, missing columns, no data rows) are
 * {@link InputException}s naming the file; blank lines are skipped. None of the sources quotes line
 * breaks, so every record is one line.
 */
final class SourceTable {
  private final String file;
  private final List<SourceRow> rows;

  private SourceTable(String file, List<SourceRow> rows) {
    this.file = file;
    this.rows = rows;
  }

  String file() {
    return file;
  }

  List<SourceRow> rows() {
    return rows;
  }

  /**
   * A comma-separated file whose header must contain every {@code required} column (any order,
   * case-insensitive).
   */
  static SourceTable withHeader(Path path, List<String> required) {
    return withHeader(path, required, Map.of());
  }

  /**
   * As {@link #withHeader(Path, List)}, where a column may also appear under an alternative name
   * ({@code alternatives}: alternative name → column); a header with both names is refused.
   */
  static SourceTable withHeader(
      Path path, List<String> required, Map<String, String> alternatives) {
    String file = path.toString();
    List<CSVRecord> records = records(file, CsvText.read(path), CSVFormat.DEFAULT);
    String expected =
        String.join(",", required.stream().map(c -> withAlternatives(c, alternatives)).toList());
    if (records.isEmpty()) {
      throw InputException.inFile(file, "is empty; expected a header with the columns " + expected);
    }
    Map<String, Integer> columns = new LinkedHashMap<>();
    Map<String, String> fileNames = new LinkedHashMap<>();
    CSVRecord header = records.get(0);
    for (int i = 0; i < header.size(); i++) {
      String name = header.get(i).trim().toLowerCase(Locale.ROOT);
      String column = alternatives.getOrDefault(name, name);
      if (!column.equals(name)
          && header.stream().anyMatch(h -> h.trim().equalsIgnoreCase(column))) {
        throw InputException.at(
            file,
            1,
            name,
            "the header has both '" + column + "' and '" + name + "'; expected one of them");
      }
      if (columns.putIfAbsent(column, i) == null && !column.equals(name)) {
        fileNames.put(column, name);
      }
    }
    for (String column : required) {
      if (!columns.containsKey(column)) {
        throw InputException.at(
            file, 1, column, "missing column; expected a header with the columns " + expected);
      }
    }
    return new SourceTable(
        file, rows(file, records.subList(1, records.size()), columns, fileNames));
  }

  /** {@code column}, followed by its alternative names in parentheses, for messages. */
  private static String withAlternatives(String column, Map<String, String> alternatives) {
    List<String> others =
        alternatives.entrySet().stream()
            .filter(e -> e.getValue().equals(column))
            .map(Map.Entry::getKey)
            .sorted()
            .toList();
    return others.isEmpty() ? column : column + " (or " + String.join(" or ", others) + ")";
  }

  /** A tab-separated file without header or quoting; {@code columns} name its cells in order. */
  static SourceTable tabSeparated(Path path, List<String> columns) {
    String file = path.toString();
    CSVFormat format = CSVFormat.DEFAULT.builder().setDelimiter('\t').setQuote(null).get();
    List<CSVRecord> records = records(file, CsvText.read(path), format);
    if (records.isEmpty()) {
      throw InputException.inFile(
          file, "is empty; expected tab-separated rows " + String.join(",", columns));
    }
    Map<String, Integer> indices = new LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      indices.put(columns.get(i), i);
    }
    return new SourceTable(file, rows(file, records, indices, Map.of()));
  }

  private static List<SourceRow> rows(
      String file,
      List<CSVRecord> records,
      Map<String, Integer> columns,
      Map<String, String> fileNames) {
    if (records.isEmpty()) {
      throw InputException.inFile(file, "has a header but no data rows");
    }
    List<SourceRow> rows = new ArrayList<>(records.size());
    for (CSVRecord record : records) {
      rows.add(new SourceRow(file, record.getRecordNumber(), record.toList(), columns, fileNames));
    }
    return rows;
  }

  /**
   * Non-blank records; empty lines are kept by the parser so that record numbers are line numbers.
   */
  private static List<CSVRecord> records(String file, String text, CSVFormat format) {
    return CsvText.nonBlankRecords(file, text, format.builder().setIgnoreEmptyLines(false).get());
  }
}
