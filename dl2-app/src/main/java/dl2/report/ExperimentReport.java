package dl2.report;

import dl2.model.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes experiment results into a directory: per study its table ({@code NAME.csv},
 * {@code NAME.md}) and charts ({@code PLOT.png}), and one self-contained {@code index.html}
 * (inline style, images by relative path) showing every study, so the directory opens from disk.
 */
public final class ExperimentReport {
  private static final String STYLE = "body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 1em}"
      + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
      + "th{background:#f0f0f0}td:first-child{text-align:left}img{max-width:100%}.claim{background:#f7f7e8;padding:.5em}";

  private ExperimentReport() {}

  /** Writes every study's files and the index; returns the index path. */
  public static Path write(Path dir, String heading, List<String> preamble, List<StudyReport> studies) {
    try {
      for (StudyReport study : studies) {
        AtomicFiles.writeString(dir.resolve(study.csvFile()), study.table().toCsv());
        AtomicFiles.writeString(dir.resolve(study.markdownFile()), markdown(study));
        for (Plot plot : study.plots()) {
          AtomicFiles.write(dir.resolve(plot.file()), PlotImages.png(plot));
        }
      }
      Path index = dir.resolve("index.html");
      AtomicFiles.writeString(index, html(heading, preamble, studies));
      return index;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report into " + dir, e);
    }
  }

  static String markdown(StudyReport study) {
    StringBuilder out = new StringBuilder("## ").append(study.title()).append("\n\n");
    if (!study.paperClaim().isEmpty()) {
      out.append("Paper: ").append(study.paperClaim()).append("\n\n");
    }
    out.append(study.table().toMarkdown()).append('\n');
    study.plots().forEach(p -> out.append("![").append(p.title()).append("](").append(p.file()).append(")\n"));
    if (!study.notes().isEmpty()) {
      out.append('\n');
      study.notes().forEach(n -> out.append("* ").append(n).append('\n'));
    }
    return out.toString();
  }

  static String html(String heading, List<String> preamble, List<StudyReport> studies) {
    StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
        .append(ResultTable.escape(heading)).append("</title><style>").append(STYLE).append("</style></head><body>\n");
    out.append("<h1>").append(ResultTable.escape(heading)).append("</h1>\n");
    preamble.forEach(p -> out.append("<p>").append(ResultTable.escape(p)).append("</p>\n"));
    out.append("<ul>\n");
    studies.forEach(s -> out.append("<li><a href=\"#").append(s.name()).append("\">").append(ResultTable.escape(s.title()))
        .append("</a></li>\n"));
    out.append("</ul>\n");
    for (StudyReport study : studies) {
      out.append("<h2 id=\"").append(study.name()).append("\">").append(ResultTable.escape(study.title())).append("</h2>\n");
      if (!study.paperClaim().isEmpty()) {
        out.append("<p class=\"claim\">Paper: ").append(ResultTable.escape(study.paperClaim())).append("</p>\n");
      }
      out.append(study.table().toHtml());
      out.append("<p>Table: <a href=\"").append(study.csvFile()).append("\">").append(study.csvFile()).append("</a>, <a href=\"")
          .append(study.markdownFile()).append("\">").append(study.markdownFile()).append("</a></p>\n");
      for (Plot plot : study.plots()) {
        out.append("<figure><img src=\"").append(plot.file()).append("\" alt=\"").append(ResultTable.escape(plot.title()))
            .append("\"><figcaption>").append(ResultTable.escape(plot.title())).append("</figcaption></figure>\n");
      }
      if (!study.notes().isEmpty()) {
        out.append("<ul>\n");
        study.notes().forEach(n -> out.append("<li>").append(ResultTable.escape(n)).append("</li>\n"));
        out.append("</ul>\n");
      }
    }
    return out.append("</body></html>\n").toString();
  }
}
