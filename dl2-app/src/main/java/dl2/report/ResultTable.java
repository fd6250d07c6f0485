package dl2.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A study's result table: named columns and rows of cells, doubles shown with 4 decimals, rendered
 * as CSV, Markdown or HTML.
 */
public final class ResultTable {
  private final List<String> columns;
  private final List<List<String>> rows = new ArrayList<>();

  public ResultTable(String... columns) {
    this.columns = List.of(columns);
  }

  public ResultTable row(Object... cells) {
    if (cells.length != columns.size()) {
      throw new IllegalArgumentException(
          "expected " + columns.size() + " cells, got " + cells.length);
    }
    rows.add(Arrays.stream(cells).map(ResultTable::format).toList());
    return this;
  }

  public List<String> columns() {
    return columns;
  }

  public List<List<String>> rows() {
    return List.copyOf(rows);
  }

  /** Doubles with 4 decimals (NaN as "-"), everything else as is. */
  static String format(Object cell) {
    if (cell instanceof Double d) {
      return d.isNaN() ? "-" : String.format(Locale.ROOT, "%.4f", d);
    }
    return String.valueOf(cell);
  }

  public String toCsv() {
    StringBuilder out = new StringBuilder();
    out.append(String.join(",", columns.stream().map(ResultTable::csvCell).toList())).append('\n');
    for (List<String> row : rows) {
      out.append(String.join(",", row.stream().map(ResultTable::csvCell).toList())).append('\n');
    }
    return out.toString();
  }

  public String toMarkdown() {
    StringBuilder out = new StringBuilder();
    out.append("| ").append(String.join(" | ", columns)).append(" |\n");
    out.append("|").append("---|".repeat(columns.size())).append('\n');
    for (List<String> row : rows) {
      out.append("| ")
          .append(String.join(" | ", row.stream().map(c -> c.replace("|", "\\|")).toList()))
          .append(" |\n");
    }
    return out.toString();
  }

  public String toHtml() {
    HtmlTable html = new HtmlTable(columns.toArray(String[]::new));
    rows.forEach(row -> html.row(row.toArray()));
    return html.render();
  }

  private static String csvCell(String cell) {
    return cell.contains(",") || cell.contains("\"") || cell.contains("\n")
        ? '"' + cell.replace("\"", "\"\"") + '"'
        : cell;
  }
}
