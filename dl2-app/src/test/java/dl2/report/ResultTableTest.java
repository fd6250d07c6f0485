package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {
  private final ResultTable table =
      new ResultTable("name", "jct").row("a, b", 1.23456).row("c|d", Double.NaN).row("e\"", 2);

  @Test
  void csvQuotesCellsWithCommasAndQuotesAndRoundsDoublesToFourDecimals() {
    assertThat(table.toCsv()).isEqualTo("name,jct\n\"a, b\",1.2346\nc|d,-\n\"e\"\"\",2\n");
  }

  @Test
  void markdownEscapesPipes() {
    assertThat(table.toMarkdown())
        .isEqualTo("| name | jct |\n|---|---|\n| a, b | 1.2346 |\n| c\\|d | - |\n| e\" | 2 |\n");
  }

  @Test
  void htmlEscapesMarkup() {
    assertThat(new ResultTable("<x>", "y").row("a&b", 0.5).toHtml())
        .isEqualTo(
            "<table>\n<thead><tr><th>&lt;x&gt;</th><th>y</th></tr></thead>\n<tbody>\n<tr><td>a&amp;b</td><td>0.5000</td></tr>\n</tbody>\n</table>\n");
  }

  @Test
  void rowsMustMatchTheColumns() {
    assertThatThrownBy(() -> table.row(1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStudySectionHasTheClaimTheTableItsFilesAndTheNotes() {
    Plot plot =
        Plot.line(
            "s-curve",
            "A <curve>",
            "x",
            "y",
            List.of(new Plot.Series("s", new double[] {1, 2}, new double[] {3, 4})));
    StudyReport study =
        new StudyReport(
            "s",
            "Study S",
            "paper says 5%",
            new ResultTable("k").row(1),
            List.of(plot),
            List.of("note"));
    assertThat(ExperimentReport.section(study))
        .contains(
            "<strong>Paper:</strong> paper says 5%",
            "<td>1</td>", "href=\"s.csv\"", "href=\"s.md\"", "<li>note</li>");
    assertThat(ExperimentReport.markdown(study))
        .isEqualTo(
            "## Study S\n\nPaper: paper says 5%\n\n| k |\n|---|\n| 1 |\n\n"
                + "![A <curve>](figures/s-curve.svg)\n\n* note\n");
  }

  @Test
  void plotsBecomeSvgFiguresWithEverySeriesAndCategory() {
    Plot line =
        Plot.line(
            "s-curve",
            "A curve",
            "x",
            "y",
            List.of(
                new Plot.Series("first", new double[] {1, 2, 3}, new double[] {3, Double.NaN, 4}),
                new Plot.Series("second", new double[] {1, 2}, new double[] {5, 6})));
    Plot bars =
        Plot.bars(
            "s-bars",
            "Bars",
            "y",
            List.of("cat-a", "cat-b"),
            List.of(
                new Plot.Series("s", new double[2], new double[] {3, 4}),
                new Plot.Series("t", new double[2], new double[] {Double.NaN, 2.5})));
    for (Plot plot : List.of(line, bars)) {
      Figure figure = PlotSvg.figure(plot);
      assertThat(figure.file()).isEqualTo("figures/" + plot.name() + ".svg");
      assertThat(figure.svg())
          .startsWith("<svg")
          .endsWith("</svg>\n")
          .contains("<title>" + plot.title() + "</title>")
          .doesNotContain("NaN");
      assertThat(PlotSvg.figure(plot).svg()).isEqualTo(figure.svg());
    }
    List<SeriesStyle> styles = SchedulerStyles.forChart(List.of("first", "second"));
    assertThat(styles.get(0).colour()).isNotEqualTo(styles.get(1).colour());
    assertThat(PlotSvg.figure(line).svg()).contains(">first<", ">second<");
    assertThat(PlotSvg.figure(bars).svg()).contains(">cat-a<", ">cat-b<", ">s<", ">t<");
  }

  @Test
  void plotNamesAreFileSafeAndStudiesNeedAPlot() {
    assertThatThrownBy(() -> Plot.line("Bad Name", "t", "x", "y", List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new StudyReport("s", "S", "", new ResultTable("k"), List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Plot.Series("s", new double[1], new double[2]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
