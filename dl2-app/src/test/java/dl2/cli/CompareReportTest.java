package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.schedulers.registry.Schedulers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --out DIR} writes a self-contained HTML report with its figures and results.json.
 */
class CompareReportTest {
  private static final Pattern HREF = Pattern.compile("(?:href|src)=\"([^\"]*)\"");

  @TempDir Path dir;

  private Path curve() throws IOException {
    Path file = dir.resolve("rl-curve.csv");
    Files.writeString(file, "step,val_jct_greedy,entropy\n10,9.5,1.2\n20,8.25,1.1\n30,8.75,1.0\n");
    return file;
  }

  @Test
  void everyFigureFileExistsIsNonEmptyAndIsReferencedFromTheIndex() throws IOException {
    Path out = dir.resolve("report");
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
            curve().toString(),
            "--placement",
            "least-loaded");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String html = Files.readString(out.resolve("index.html"));
    List<Path> figures;
    try (Stream<Path> files = Files.list(out.resolve("figures"))) {
      figures = files.sorted().toList();
    }
    assertThat(figures)
        .extracting(p -> p.getFileName().toString())
        .containsExactly(
            "cpu-utilisation.svg",
            "gpu-utilisation.svg",
            "jct-cdf.svg",
            "learning-curve.svg",
            "makespan.svg",
            "mean-jct.svg",
            "ratio-vs-best-heuristic.svg",
            "ratio-vs-drf.svg",
            "ratio-vs-optimus-fitted.svg",
            "ratio-vs-optimus.svg");
    for (Path figure : figures) {
      assertThat(Files.size(figure)).as(figure.toString()).isPositive();
      assertThat(Files.readString(figure))
          .startsWith("<svg ")
          .contains("xmlns=\"http://www.w3.org/2000/svg\"")
          .endsWith("</svg>\n");
      assertThat(html).contains("href=\"figures/" + figure.getFileName() + "\"");
    }
    for (String reference : localReferences(html)) {
      assertThat(out.resolve(reference)).as(reference).isRegularFile();
    }
    assertThat(localReferences(html)).contains("results.json", "jobs.csv", "slots.csv");
    assertThat(html).contains("<p class=\"provenance\">Written by dl2 ");
    assertThat(Files.readString(out.resolve("results.json")))
        .startsWith("{\n  \"dl2\" : {\n    \"version\" : \"")
        .contains("\"format\" : \"comparison\",\n    \"format_version\" : 1\n  },");
    assertThat(html)
        .as("without a policy beside the curve its traces are unknown: no levels")
        .contains("no policy file beside rl-curve.csv records them");
    assertThat(Files.readString(out.resolve("figures/learning-curve.svg")))
        .doesNotContain("(same traces)");
  }

  @Test
  void theIndexInlinesEveryFigureAndTabulatesEveryScheduler() throws IOException {
    Path out = dir.resolve("report");
    CliRun.of(
        "compare",
        "--workload",
        "paper-testbed",
        "--traces",
        "2",
        "--out",
        out.toString(),
        "--placement",
        "least-loaded");
    String html = Files.readString(out.resolve("index.html"));
    // the best heuristic, optimus-last-slot, is no fixed reference: a ratio figure of
    // its own
    assertThat(Pattern.compile("<svg ").matcher(html).results().count()).isEqualTo(9);
    assertThat(html)
        .contains(
            "new to training and checkpoint selection",
            "Is it better, by how much, how sure",
            "dl2 compare: paper-testbed",
            "Best heuristic on these traces: <strong>");
    for (String scheduler : Schedulers.BASELINES) {
      assertThat(html).contains("<tr><td>" + scheduler + "</td>");
    }
    assertThat(html)
        .contains("<td>drf</td><td>")
        .contains("<td>1.000</td>")
        .doesNotContain("Data attribution");
  }

  @Test
  void byDefaultTheReportTabulatesEveryBaselineUnderEveryPlacement() throws IOException {
    Path out = dir.resolve("report");
    assertThat(
            CliRun.of(
                    "compare",
                    "--workload",
                    "paper-testbed",
                    "--traces",
                    "2",
                    "--out",
                    out.toString())
                .exitCode())
        .isZero();
    String html = Files.readString(out.resolve("index.html"));
    for (String scheduler :
        new PlacementOptions().comparedSchedulers(List.of(), Optional.empty(), false, false)) {
      assertThat(html).contains("<tr><td>" + scheduler + "</td>");
    }
  }

  @Test
  void traceFilesAddTheDataAttributionFooter() throws IOException {
    Path trace = dir.resolve("jobs.csv");
    Files.writeString(
        trace, "job_id,submit_time_s,model,epochs\n1,0,resnet-50,200\n2,300,wlm,300\n");
    Path out = dir.resolve("report");
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--trace",
            trace.toString(),
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readString(out.resolve("index.html")))
        .contains(
            "Traces: jobs.csv.",
            "CC-BY-4.0",
            "USENIX ATC&#39;19",
            "https://github.com/msr-fiddle/philly-traces");
  }

  @Test
  void aBadTrainingRunFailsBeforeAnythingIsWritten() throws IOException {
    Path bad = dir.resolve("curve.csv");
    Files.writeString(bad, "step,loss\n1,2\n");
    Path out = dir.resolve("report");
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--out",
            out.toString(),
            "--training-run",
            bad.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: ")
        .contains("curve.csv:1: field 'val_jct_greedy'")
        .hasLineCount(1);
    assertThat(out).doesNotExist();
  }

  @Test
  void aTrainingRunNeedsOut() throws IOException {
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--training-run",
            curve().toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--training-run needs --out DIR");
  }

  /** Every href/src that is not a web address: files the report expects beside index.html. */
  private static List<String> localReferences(String html) {
    List<String> references = new ArrayList<>();
    Matcher matcher = HREF.matcher(html);
    while (matcher.find()) {
      if (!matcher.group(1).startsWith("https://") && !matcher.group(1).startsWith("http://")) {
        references.add(matcher.group(1));
      }
    }
    return references;
  }
}
