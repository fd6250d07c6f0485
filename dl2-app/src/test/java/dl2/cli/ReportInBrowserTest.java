package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dl2.io.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The reports rendered by a real browser: every figure, inline and as its own SVG file, has a
 * non-zero rendered size, no label of a figure is clipped or overlaps another, and the page raises
 * no error. A copy of each index.html gets a script (figure-check.js) that measures every figure
 * and every label with the SVG's own bounding boxes, loads every figure file as an image, records
 * window errors, and writes the findings into the DOM, which Chromium dumps. A screenshot of each
 * report goes to target/browser/. Skipped without Chromium, unless DL2_REQUIRE_BROWSER=1 (as in
 * .ci/run), which makes a missing browser a failure.
 */
class ReportInBrowserTest {
  private static final String ERRORS =
      """
      <script>window.dl2Errors = []; window.addEventListener('error', e => window.dl2Errors.push(String(e.message)), true);</script>
      """;

  /**
   * The measuring script (figure-check.js beside this class): sizes, file loads, clipped and
   * overlapping labels.
   */
  private static final String CHECK = "<script>\n" + resource("figure-check.js") + "</script>\n";

  @TempDir Path dir;

  @Test
  void theCompareReportRendersEveryFigureWithoutErrors() throws Exception {
    HeadlessChromium chromium = chromium();
    Path curve = dir.resolve("rl-curve.csv");
    Files.writeString(curve, "step,val_jct_greedy\n10,2.5\n20,1.5\n");
    Path out = dir.resolve("compare");
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--out",
            out.toString(),
            "--training-run",
            curve.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    // 10: with every placement compared, the best heuristic is none of the fixed references and
    // gets its own ratio figure
    check(chromium, out, 10, "compare-report.png");
  }

  @Test
  void theExperimentReportRendersEveryFigureWithoutErrors() throws Exception {
    HeadlessChromium chromium = chromium();
    Path out = dir.resolve("experiment");
    CliRun run =
        CliRun.of(
            "experiment",
            "load-sweep",
            "--quick",
            "--workload",
            "paper-testbed",
            "--validation-traces",
            "2",
            "--threads",
            "2",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    check(chromium, out, 2, "experiment-report.png");
  }

  /**
   * The check itself can fail: a throwing script, an empty figure and a broken figure file are all
   * seen.
   */
  @Test
  void theCheckSeesErrorsEmptyFiguresAndBrokenFiles() throws Exception {
    HeadlessChromium chromium = chromium();
    Path report = dir.resolve("broken");
    Files.createDirectories(report.resolve("figures"));
    Files.writeString(
        report.resolve("figures/empty.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\"></svg>");
    Files.writeString(
        report.resolve("figures/broken.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"");
    Files.writeString(
        report.resolve("index.html"),
        "<!DOCTYPE html>\n<html><head><title>t</title></head><body>\n"
            + "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\"></svg>"
            + "<figcaption><a href=\"figures/empty.svg\">figures/empty.svg</a></figcaption></figure>\n"
            + "<script>undefinedFunction();</script>\n</body></html>\n");
    JsonNode findings = findings(chromium, report);
    assertThat(findings.get("errors").toString()).contains("undefinedFunction");
    assertThat(findings.get("figures").get(0).get("width").asDouble()).isZero();
    assertThat(findings.get("files"))
        .extracting(f -> f.get("file").asString() + " " + f.get("width").asInt())
        .containsExactly("figures/broken.svg 0", "figures/empty.svg 0");
  }

  /**
   * The label check can fail: a label that runs off the figure, one cut by the clip path that
   * applies to it, two that overlap (one of them rotated, as slanted axis labels are), and none of
   * two labels that only come close.
   */
  @Test
  void theCheckSeesClippedAndOverlappingLabels() throws Exception {
    HeadlessChromium chromium = chromium();
    Path report = dir.resolve("labels");
    Files.createDirectories(report.resolve("figures"));
    Files.writeString(
        report.resolve("index.html"),
        "<!DOCTYPE html>\n<html><head><title>t</title></head><body>\n"
            + "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"200\" font-family=\"sans-serif\""
            + " font-size=\"12\"><defs><clipPath id=\"plot\"><rect x=\"50\" y=\"0\" width=\"250\" height=\"200\"/></clipPath></defs>"
            + "<text x=\"290\" y=\"20\">off the right edge</text>"
            + "<text x=\"10\" y=\"60\" style=\"clip-path:url(#plot)\">cut by the plot</text>"
            + "<text x=\"60\" y=\"100\">first label</text><text x=\"80\" y=\"104\">second label</text>"
            + "<text x=\"200\" y=\"150\" transform=\"rotate(-30 200 150)\">slanted one</text><text x=\"215\" y=\"150\">level</text>"
            + "<text x=\"60\" y=\"180\">close</text><text x=\"60\" y=\"196\">by</text>"
            + "</svg><figcaption><a href=\"figures/labels.svg\">figures/labels.svg</a></figcaption></figure>\n</body></html>\n");
    JsonNode findings = findings(chromium, report);
    assertThat(findings.get("labels"))
        .extracting(l -> l.get("problem").asString() + ": " + l.get("text").asString())
        .containsExactlyInAnyOrder(
            "clipped by the figure: off the right edge",
            "clipped by its clip path: cut by the plot",
            "overlaps: first label | second label",
            "overlaps: slanted one | level");
  }

  private static String resource(String name) {
    try (var in = ReportInBrowserTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private HeadlessChromium chromium() throws Exception {
    Optional<HeadlessChromium> found =
        HeadlessChromium.find(Files.createDirectories(dir.resolve("chromium")));
    if (found.isEmpty()) {
      String message =
          "no Chromium on the PATH: install it (apt-get install -y chromium) to render the reports in a browser";
      if ("1".equals(System.getenv("DL2_REQUIRE_BROWSER"))) {
        fail(message + " (DL2_REQUIRE_BROWSER=1 requires it)");
      }
      Assumptions.abort(message);
    }
    return found.get();
  }

  private static void check(HeadlessChromium chromium, Path report, int figures, String screenshot)
      throws Exception {
    JsonNode findings = findings(chromium, report);
    assertThat(findings.get("errors")).as("window errors").isEmpty();
    assertThat(findings.get("labels")).as("clipped or overlapping labels").isEmpty();
    assertThat(findings.get("figures")).hasSize(figures);
    assertThat(findings.get("files")).hasSize(figures);
    for (String kind : new String[] {"figures", "files"}) {
      for (JsonNode figure : findings.get(kind)) {
        assertThat(figure.get("width").asDouble()).as(kind + " " + figure.get("file")).isPositive();
        assertThat(figure.get("height").asDouble())
            .as(kind + " " + figure.get("file"))
            .isPositive();
      }
    }
    Path png = Path.of("target", "browser", screenshot);
    chromium.screenshot(report.resolve("index.html"), png, 1000, 3000);
    assertThat(png).isNotEmptyFile();
  }

  /**
   * Renders a copy of the report's index.html with the check script; returns what the script found.
   */
  private static JsonNode findings(HeadlessChromium chromium, Path report) throws Exception {
    String html = Files.readString(report.resolve("index.html"));
    StringBuilder images = new StringBuilder();
    try (var files = Files.list(report.resolve("figures"))) {
      files
          .sorted()
          .forEach(
              f ->
                  images
                      .append("<img class=\"dl2-check\" src=\"figures/")
                      .append(f.getFileName())
                      .append("\" alt=\"\">\n"));
    }
    Path checked = report.resolve("check.html");
    Files.writeString(
        checked,
        html.replace("<head>", "<head>\n" + ERRORS).replace("</body>", images + CHECK + "</body>"));
    String dom = chromium.dumpDom(checked);
    int start = dom.indexOf("<pre id=\"dl2-check\">");
    assertThat(start)
        .as("the check script ran and wrote its findings; DOM:%n%s", dom)
        .isNotNegative();
    String json =
        dom.substring(start + "<pre id=\"dl2-check\">".length(), dom.indexOf("</pre>", start))
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
    return Json.mapper().readTree(json);
  }
}
