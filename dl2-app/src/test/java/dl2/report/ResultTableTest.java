package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {
  private final ResultTable table = new ResultTable("name", "jct").row("a, b", 1.23456).row("c|d", Double.NaN).row("e\"", 2);

  @Test
  void csvQuotesCellsWithCommasAndQuotesAndRoundsDoublesToFourDecimals() {
    assertThat(table.toCsv()).isEqualTo("name,jct\n\"a, b\",1.2346\nc|d,-\n\"e\"\"\",2\n");
  }

  @Test
  void markdownEscapesPipes() {
    assertThat(table.toMarkdown()).isEqualTo("| name | jct |\n|---|---|\n| a, b | 1.2346 |\n| c\\|d | - |\n| e\" | 2 |\n");
  }

  @Test
  void htmlEscapesMarkup() {
    assertThat(new ResultTable("<x>").row("a&b").toHtml()).isEqualTo("<table>\n<tr><th>&lt;x&gt;</th></tr>\n<tr><td>a&amp;b</td></tr>\n</table>\n");
  }

  @Test
  void rowsMustMatchTheColumns() {
    assertThatThrownBy(() -> table.row(1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theIndexShowsEveryStudyWithItsTableFilesAndPlots() {
    Plot plot = Plot.line("s-curve", "A <curve>", "x", "y", List.of(new Plot.Series("s", new double[] {1, 2}, new double[] {3, 4})));
    StudyReport study = new StudyReport("s", "Study S", "paper says 5%", new ResultTable("k").row(1), List.of(plot), List.of("note"));
    String html = ExperimentReport.html("Heading", List.of("pre"), List.of(study));
    assertThat(html).contains("<h2 id=\"s\">Study S</h2>", "href=\"s.csv\"", "href=\"s.md\"", "<img src=\"s-curve.png\"",
        "A &lt;curve&gt;", "Paper: paper says 5%", "<li>note</li>", "<p>pre</p>");
    assertThat(ExperimentReport.markdown(study)).isEqualTo("## Study S\n\nPaper: paper says 5%\n\n| k |\n|---|\n| 1 |\n\n"
        + "![A <curve>](s-curve.png)\n\n* note\n");
  }

  @Test
  void plotNamesAreFileSafeAndStudiesNeedAPlot() {
    assertThatThrownBy(() -> Plot.line("Bad Name", "t", "x", "y", List.of())).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StudyReport("s", "S", "", new ResultTable("k"), List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Plot.Series("s", new double[1], new double[2])).isInstanceOf(IllegalArgumentException.class);
  }
}
