package dl2.report;

import dl2.io.AtomicFiles;
import dl2.io.BuildInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A self-contained HTML report: sections of HTML and figures, each figure inlined as SVG (so
 * index.html opens from disk alone) and also written to {@code figures/NAME.svg}. Commands add
 * their own sections; {@link #write} writes every figure, then index.html last, each atomically, so
 * an index.html on disk only ever references complete files.
 */
public final class ReportBuilder {
  /** One part of a section: trusted HTML, or a figure. */
  public record Block(String html, Figure figure) {
    public static Block html(String html) {
      return new Block(html, null);
    }

    public static Block figure(Figure figure) {
      return new Block(null, figure);
    }
  }

  private record Section(String title, List<Block> blocks) {
    List<Figure> figures() {
      return blocks.stream().filter(b -> b.figure() != null).map(Block::figure).toList();
    }
  }

  public static final String INDEX = "index.html";

  private final String title;
  private final List<String> intro = new ArrayList<>();
  private final List<Section> sections = new ArrayList<>();
  private final List<String> footer = new ArrayList<>();

  public ReportBuilder(String title) {
    this.title = title;
  }

  /** A paragraph of plain text (escaped) under the title. */
  public ReportBuilder paragraph(String text) {
    intro.add("<p>" + Html.escape(text) + "</p>");
    return this;
  }

  /** A paragraph linking to a file written next to index.html, e.g. results.json. */
  public ReportBuilder fileLink(String text, String relativePath) {
    intro.add(
        "<p>"
            + Html.escape(text)
            + " <a href=\""
            + Html.escape(relativePath)
            + "\">"
            + Html.escape(relativePath)
            + "</a></p>");
    return this;
  }

  /**
   * A section: {@code htmlTable} is trusted HTML, normally {@link HtmlTable#render()} (empty for
   * none), followed by the figures. Figure names must be unique within the report.
   */
  public ReportBuilder addSection(String sectionTitle, String htmlTable, Figure... figures) {
    List<Block> blocks = new ArrayList<>(List.of(Block.html(htmlTable)));
    for (Figure figure : figures) {
      blocks.add(Block.figure(figure));
    }
    return addSection(sectionTitle, blocks);
  }

  /**
   * A section of HTML and figures in the given order. Figure names must be unique within the
   * report.
   */
  public ReportBuilder addSection(String sectionTitle, List<Block> blocks) {
    for (Block block : blocks) {
      if (block.figure() != null
          && figures().stream().anyMatch(f -> f.name().equals(block.figure().name()))) {
        throw new IllegalArgumentException(
            "figure " + block.figure().name() + " is already in the report");
      }
    }
    sections.add(new Section(sectionTitle, List.copyOf(blocks)));
    return this;
  }

  /**
   * A footer paragraph of plain text (escaped); {@code url}, when not empty, is appended as a link.
   */
  public ReportBuilder footer(String text, String url) {
    String link =
        url.isEmpty() ? "" : " <a href=\"" + Html.escape(url) + "\">" + Html.escape(url) + "</a>";
    footer.add("<p>" + Html.escape(text) + link + "</p>");
    return this;
  }

  public List<Figure> figures() {
    return sections.stream().flatMap(s -> s.figures().stream()).toList();
  }

  public String html() {
    StringBuilder html =
        new StringBuilder(
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
            .append(Html.escape(title))
            .append("</title>\n<style>\n")
            .append(STYLE)
            .append("</style>\n</head>\n<body>\n<h1>")
            .append(Html.escape(title))
            .append("</h1>\n");
    intro.forEach(p -> html.append(p).append('\n'));
    for (Section section : sections) {
      html.append("<section>\n<h2>").append(Html.escape(section.title())).append("</h2>\n");
      for (Block block : section.blocks()) {
        if (block.figure() == null) {
          html.append(block.html());
          continue;
        }
        Figure figure = block.figure();
        html.append("<figure>\n")
            .append(figure.svg())
            .append("<figcaption>")
            .append(Html.escape(figure.caption()))
            .append(" (<a href=\"")
            .append(figure.file())
            .append("\">")
            .append(figure.file())
            .append("</a>)</figcaption>\n</figure>\n");
      }
      html.append("</section>\n");
    }
    html.append("<footer>\n");
    footer.forEach(p -> html.append(p).append('\n'));
    html.append("<p class=\"provenance\">Written by ")
        .append(Html.escape(BuildInfo.current().describe()))
        .append(".</p>\n");
    return html.append("</footer>\n</body>\n</html>\n").toString();
  }

  /**
   * Writes the figures into {@code dir/figures/}, then {@code dir/index.html}; returns index.html's
   * path.
   */
  public Path write(Path dir) throws IOException {
    for (Figure figure : figures()) {
      AtomicFiles.writeString(dir.resolve(figure.file()), figure.svg());
    }
    Path index = dir.resolve(INDEX);
    AtomicFiles.writeString(index, html());
    return index;
  }

  private static final String STYLE =
      """
      body { font-family: sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; color: #222; }
      table { border-collapse: collapse; margin: 1em 0; }
      th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
      th:first-child, td:first-child { text-align: left; }
      figure { margin: 1.5em 0; }
      figure svg { max-width: 100%; height: auto; }
      figcaption { font-size: 0.9em; color: #555; }
      footer { margin-top: 3em; font-size: 0.85em; color: #555; border-top: 1px solid #ccc; }
      """;
}
