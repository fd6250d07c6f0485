package dl2.traces;

import dl2.io.InputException;
import dl2.model.JobType;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One data row of a source file, with typed access to its cells; every problem names file, line and
 * field.
 */
final class SourceRow {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private final String file;
  private final long line;
  private final List<String> cells;
  private final Map<String, Integer> columns;
  private final Map<String, String> fileNames;

  /**
   * @param fileNames the name a column has in this file's header, where it differs (an alternative
   *     name)
   */
  SourceRow(
      String file,
      long line,
      List<String> cells,
      Map<String, Integer> columns,
      Map<String, String> fileNames) {
    this.file = file;
    this.line = line;
    this.cells = cells;
    this.columns = columns;
    this.fileNames = fileNames;
  }

  long line() {
    return line;
  }

  List<String> cells() {
    return cells;
  }

  InputException problem(String field, String problem) {
    return InputException.at(file, line, fileNames.getOrDefault(field, field), problem);
  }

  /** Whether the file's header has {@code column} (for optional columns). */
  boolean has(String column) {
    return columns.containsKey(column);
  }

  /** The trimmed cell of {@code column}; a short row is a bad row. */
  String text(String column) {
    int index = columns.get(column);
    if (index >= cells.size()) {
      throw problem(
          column,
          "missing cell: the line has "
              + cells.size()
              + " cells but the header has "
              + columns.size());
    }
    return cells.get(index).trim();
  }

  /**
   * A finite decimal number; NaN, infinities, hex and Java suffixes like {@code 1d} are refused.
   */
  double number(String column) {
    String value = text(column);
    if (value.isEmpty()) {
      throw problem(column, "empty; expected a number");
    }
    if (!DECIMAL.matcher(value).matches()) {
      throw problem(column, "not a number: '" + value + "'");
    }
    double parsed = Double.parseDouble(value);
    if (!Double.isFinite(parsed)) {
      throw problem(column, "not a finite number: '" + value + "'");
    }
    return parsed;
  }

  /** A number ≥ 0. */
  double nonNegative(String column) {
    double value = number(column);
    if (value < 0) {
      throw problem(column, "must not be negative: " + text(column));
    }
    return value;
  }

  /**
   * The DL2 type of the model named in {@code column} (TraceMapping); an unknown name is a bad row.
   */
  JobType modelType(String column) {
    String name = text(column);
    return TraceMapping.typeOf(name)
        .orElseThrow(
            () ->
                problem(
                    column,
                    "unknown model '" + name + "'; known models: " + TraceMapping.knownModels()));
  }

  /**
   * A whole number of GPUs ≥ 1 (a decimal with no fraction, like Gavel's {@code 4}, is accepted).
   */
  int gpus(String column) {
    String value = text(column);
    double parsed = number(column);
    if (parsed != Math.rint(parsed)) {
      throw problem(column, "not a whole number of GPUs: '" + value + "'");
    }
    if (parsed < 1 || parsed > 1_000_000) {
      throw problem(column, "GPUs must be in 1..1000000: " + value);
    }
    return (int) parsed;
  }
}
