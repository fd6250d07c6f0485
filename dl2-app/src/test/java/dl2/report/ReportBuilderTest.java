package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportBuilderTest {
  private static final String NASTY = "<script>alert('x')</script> & \"q\"";

  @TempDir Path dir;

  private static Figure bars(String name, String category) {
    return new Figure(
        name,
        "caption of " + category,
        new IntervalChart("title " + category, "y").row(category, 2, 1.5, 2.5, "2").render(name));
  }

  @Test
  void namesAreEscapedInTablesTitlesCaptionsAndFigures() {
    String html =
        new ReportBuilder(NASTY)
            .paragraph(NASTY)
            .addSection(
                NASTY, new HtmlTable("scheduler", "x").row(NASTY, 1.0).render(), bars("f", NASTY))
            .footer(NASTY, "")
            .html();
    // Outside the figure every quote is escaped too; inside, the SVG's XML needs only <, & and >
    // escaped.
    assertThat(html)
        .doesNotContain("<script>")
        .contains("<text")
        .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        .contains(
            "<td>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</td><td>1.000</td>");
  }

  @Test
  void sectionsKeepTheirOrderAndLinkTheirFigureFiles() {
    String html =
        new ReportBuilder("r")
            .addSection("first", "", bars("a", "x"))
            .addSection("second", "<p>t</p>", bars("b", "y"))
            .html();
    assertThat(html.indexOf("<h2>first</h2>")).isLessThan(html.indexOf("<h2>second</h2>"));
    assertThat(html)
        .contains("<a href=\"figures/a.svg\">", "<a href=\"figures/b.svg\">", "<p>t</p>");
  }

  @Test
  void aFigureNameCanOnlyBeUsedOnce() {
    ReportBuilder report = new ReportBuilder("r").addSection("s", "", bars("a", "x"));
    assertThatThrownBy(() -> report.addSection("t", "", bars("a", "y")))
        .hasMessageContaining("figure a is already");
  }

  @Test
  void figureNamesMustBeSafeFileNames() {
    assertThatThrownBy(() -> new Figure("../x", "c", "<svg/>"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Figure("A b", "c", "<svg/>"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void writeLeavesTheFiguresAndTheIndexAndNoTemporaryFiles() throws IOException {
    ReportBuilder report =
        new ReportBuilder("r").addSection("s", "", bars("a", "x"), bars("b", "y"));
    Path index = report.write(dir);
    assertThat(index).isEqualTo(dir.resolve("index.html"));
    assertThat(Files.readString(index)).isEqualTo(report.html());
    assertThat(Files.readString(dir.resolve("figures/a.svg")))
        .isEqualTo(report.figures().get(0).svg());
    assertThat(names(dir)).containsExactly("figures", "index.html");
    assertThat(names(dir.resolve("figures"))).containsExactly("a.svg", "b.svg");
  }

  /** figures/ is a file, so the first figure cannot be written: no index.html may appear. */
  @Test
  void aFailedFigureLeavesNoIndex() throws IOException {
    Files.writeString(dir.resolve("figures"), "in the way");
    ReportBuilder report = new ReportBuilder("r").addSection("s", "", bars("a", "x"));
    assertThatThrownBy(() -> report.write(dir)).isInstanceOf(IOException.class);
    assertThat(names(dir)).containsExactly("figures");
  }

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
