package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.bounds.BoundDefect;
import dl2.io.Json;
import dl2.report.Headroom;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class LowerBoundTest {
  @TempDir Path dir;

  @Test
  void compareReportsBothBoundsBelowEverySchedulerAndTheHeadroom() throws Exception {
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-dense",
            "--traces",
            "3",
            "--policy",
            "../policies/paper-dense.policy",
            "--out",
            dir.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("no-contention lower bound")
        .contains("capacity lower bound")
        .contains("headroom: (best heuristic − capacity bound) / best heuristic = ");
    // the share DL2 closes is said only where there is a headroom to close (0.1 % or more)
    java.util.regex.Matcher printed =
        java.util.regex.Pattern.compile("best heuristic = ([0-9.]+) %").matcher(run.out());
    assertThat(printed.find()).isTrue();
    boolean shareSaid =
        run.out().contains("dl2 closes ") || run.out().contains("% above the best heuristic");
    assertThat(shareSaid).isNotEqualTo(run.out().contains("(no share for dl2: "));
    JsonNode root = Json.mapper().readTree(dir.resolve("results.json").toFile());
    JsonNode bound = root.get("lower_bound").get("avg_jct");
    JsonNode capacity = root.get("capacity_bound").get("avg_jct");
    assertThat(bound).hasSize(3);
    assertThat(capacity).hasSize(3);
    root.get("schedulers")
        .properties()
        .forEach(
            entry -> {
              for (int i = 0; i < 3; i++) {
                double jct = entry.getValue().get("avg_jct").get(i).asDouble();
                assertThat(bound.get(i).asDouble()).as(entry.getKey()).isLessThanOrEqualTo(jct);
                assertThat(capacity.get(i).asDouble())
                    .as(entry.getKey())
                    .isLessThanOrEqualTo(jct * (1 + 1e-12));
              }
            });
    for (int i = 0; i < 3; i++) {
      JsonNode c = root.get("capacity_bound");
      double largest =
          Math.max(
              Math.max(
                  c.get("isolated_avg_jct").get(i).asDouble(),
                  c.get("priced_avg_jct").get(i).asDouble()),
              Math.max(
                  c.get("srpt_cores_avg_jct").get(i).asDouble(),
                  c.get("srpt_gpus_avg_jct").get(i).asDouble()));
      assertThat(capacity.get(i).asDouble()).isEqualTo(largest);
      // Where jobs contend, pricing the slots they share beats every part that ignores it.
      assertThat(c.get("binding").get(i).asString()).isEqualTo("priced");
    }
    JsonNode headroom = root.get("headroom");
    String best = root.get("best_heuristic").asString();
    assertThat(headroom.get("best_heuristic").asString()).isEqualTo(best);
    double bestJct = root.get("schedulers").get(best).get("mean_avg_jct").asDouble();
    double boundMean = root.get("capacity_bound").get("mean_avg_jct").asDouble();
    assertThat(headroom.get("headroom").asDouble()).isEqualTo((bestJct - boundMean) / bestJct);
    double dl2 = root.get("schedulers").get("dl2").get("mean_avg_jct").asDouble();
    if (shareSaid) {
      assertThat(headroom.get("dl2_share_closed").asDouble())
          .isEqualTo((bestJct - dl2) / (bestJct - boundMean));
    } else {
      // within 0.1 % of the bound no share is given, in the text and in results.json alike
      assertThat((bestJct - boundMean) / bestJct).isLessThan(Headroom.LEAST_HEADROOM);
      assertThat(headroom.get("dl2_share_closed").isNull()).isTrue();
    }
    assertThat(Files.readString(dir.resolve("index.html")))
        .contains("capacity lower bound")
        .contains("Headroom: the best heuristic");
  }

  @Test
  void aBoundAboveASchedulePrintsOneLineNamingTraceAndNumbersAndExitsWithTheDefectCode() {
    // compare throws this once its outputs are written; no true bound is ever above a schedule, so
    // the defect is built by hand here.
    StringWriter text = new StringWriter();
    int code =
        Dl2.report(
            new BoundDefect.Found(
                new BoundDefect("paper-dense", "paper-dense-test-3", 12.5, 12, 2)),
            new PrintWriter(text, true));
    assertThat(code).isEqualTo(Dl2.EXIT_DEFECT).isEqualTo(3);
    assertThat(text.toString())
        .isEqualTo(
            "dl2: defect in the capacity lower bound: on trace paper-dense-test-3 of paper-dense it"
                + " gives a total JCT of 12.500000 slots, above the 12.000000 the best compared"
                + " schedule reached (and on 1 more traces); the outputs are written, the bound is"
                + " wrong (please report it)"
                + System.lineSeparator());
  }
}
