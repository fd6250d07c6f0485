package dl2.io;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** A number in a cell of an input file, as every reader of trace and model files takes it. */
public final class DecimalCell {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private static final List<String> NOT_FINITE = List.of("nan", "inf", "infinity");

  private DecimalCell() {}

  /**
   * The finite decimal number in {@code cell} (trimmed); empty cells, NaN, infinities, hex and Java
   * suffixes like {@code 1d} are refused with an {@link InputException} naming the field.
   */
  public static double parse(String file, long line, String field, String cell) {
    String value = cell.trim();
    if (value.isEmpty()) {
      throw InputException.at(file, line, field, "empty; expected a number");
    }
    String word = value.toLowerCase(Locale.ROOT).replaceFirst("^[+-]", "");
    if (NOT_FINITE.contains(word)) {
      throw InputException.at(file, line, field, "not a finite number: '" + value + "'");
    }
    if (!DECIMAL.matcher(value).matches()) {
      throw InputException.at(file, line, field, "not a number: '" + value + "'");
    }
    double parsed = Double.parseDouble(value);
    if (!Double.isFinite(parsed)) {
      throw InputException.at(file, line, field, "not a finite number: '" + value + "'");
    }
    return parsed;
  }
}
