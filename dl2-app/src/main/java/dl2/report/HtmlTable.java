package dl2.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An HTML table built from plain cells; every cell is escaped, doubles get 3 decimals as in {@link
 * TextTable}.
 */
public final class HtmlTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  public HtmlTable(String... header) {
    this.header = List.of(header);
  }

  public HtmlTable row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "expected " + header.size() + " cells, got " + cells.length);
    }
    rows.add(Arrays.stream(cells).map(TextTable::format).toList());
    return this;
  }

  public String render() {
    StringBuilder html = new StringBuilder("<table>\n<thead><tr>");
    header.forEach(h -> html.append("<th>").append(Html.escape(h)).append("</th>"));
    html.append("</tr></thead>\n<tbody>\n");
    for (List<String> row : rows) {
      html.append("<tr>");
      row.forEach(cell -> html.append("<td>").append(Html.escape(cell)).append("</td>"));
      html.append("</tr>\n");
    }
    return html.append("</tbody>\n</table>\n").toString();
  }
}
