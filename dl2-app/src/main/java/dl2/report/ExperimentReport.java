package dl2.report;

import dl2.io.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes experiment results into a directory through {@link ReportBuilder}: per study its table
 * ({@code NAME.csv}, {@code NAME.md}), its charts ({@code figures/PLOT.svg}, also inlined) and one
 * section of the self-contained {@code index.html}.
 */
public final class ExperimentReport {
  private ExperimentReport() {}

  /** Writes every study's files and the index; returns the index path. */
  public static Path write(
      Path dir, String heading, List<String> preamble, List<StudyReport> studies) {
    ReportBuilder report = new ReportBuilder(heading);
    preamble.forEach(report::paragraph);
    try {
      for (StudyReport study : studies) {
        AtomicFiles.writeString(dir.resolve(study.csvFile()), study.table().toCsv());
        AtomicFiles.writeString(dir.resolve(study.markdownFile()), markdown(study));
        List<Figure> figures = new ArrayList<>();
        for (Plot plot : study.plots()) {
          figures.add(PlotSvg.figure(plot));
        }
        report.addSection(study.title(), section(study), figures.toArray(Figure[]::new));
      }
      return report.write(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report into " + dir, e);
    }
  }

  /** The section body: the paper's claim, the table, links to its files and the notes. */
  static String section(StudyReport study) {
    StringBuilder html = new StringBuilder();
    if (!study.paperClaim().isEmpty()) {
      html.append("<p><strong>Paper:</strong> ")
          .append(Html.escape(study.paperClaim()))
          .append("</p>\n");
    }
    html.append(study.table().toHtml());
    html.append("<p>Table as <a href=\"")
        .append(study.csvFile())
        .append("\">")
        .append(study.csvFile())
        .append("</a> and <a href=\"")
        .append(study.markdownFile())
        .append("\">")
        .append(study.markdownFile())
        .append("</a>.</p>\n");
    if (!study.notes().isEmpty()) {
      html.append("<ul>\n");
      study.notes().forEach(n -> html.append("<li>").append(Html.escape(n)).append("</li>\n"));
      html.append("</ul>\n");
    }
    return html.toString();
  }

  static String markdown(StudyReport study) {
    StringBuilder out = new StringBuilder("## ").append(study.title()).append("\n\n");
    if (!study.paperClaim().isEmpty()) {
      out.append("Paper: ").append(study.paperClaim()).append("\n\n");
    }
    out.append(study.table().toMarkdown()).append('\n');
    study
        .plots()
        .forEach(
            p ->
                out.append("![")
                    .append(p.title())
                    .append("](")
                    .append("figures/")
                    .append(p.name())
                    .append(".svg")
                    .append(")\n"));
    if (!study.notes().isEmpty()) {
      out.append('\n');
      study.notes().forEach(n -> out.append("* ").append(n).append('\n'));
    }
    return out.toString();
  }
}
