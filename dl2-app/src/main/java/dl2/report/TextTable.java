package dl2.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A plain-text table with aligned columns: the first column left-aligned, the others right-aligned.
 */
public final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();
  private final List<Integer> separatorsBefore = new ArrayList<>();

  public TextTable(String... header) {
    this.header = List.of(header);
  }

  public TextTable row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "expected " + header.size() + " cells, got " + cells.length);
    }
    rows.add(Arrays.stream(cells).map(TextTable::format).toList());
    return this;
  }

  /** A rule before the next row, e.g. above a mean row. */
  public TextTable rule() {
    separatorsBefore.add(rows.size());
    return this;
  }

  /** Doubles with 3 decimals, everything else as is. */
  public static String format(Object cell) {
    if (cell instanceof Double d) {
      return String.format(Locale.ROOT, "%.3f", d);
    }
    return String.valueOf(cell);
  }

  public String render() {
    int[] widths = new int[header.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = header.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, header, widths);
    rule(out, widths);
    for (int r = 0; r < rows.size(); r++) {
      if (separatorsBefore.contains(r)) {
        rule(out, widths);
      }
      line(out, rows.get(r), widths);
    }
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < widths.length; c++) {
      String pad = " ".repeat(widths[c] - cells.get(c).length());
      line.append(c == 0 ? "" : "  ").append(c == 0 ? cells.get(c) + pad : pad + cells.get(c));
    }
    out.append(line.toString().stripTrailing()).append(System.lineSeparator());
  }

  private static void rule(StringBuilder out, int[] widths) {
    int total = Arrays.stream(widths).sum() + 2 * (widths.length - 1);
    out.append("-".repeat(total)).append(System.lineSeparator());
  }
}
