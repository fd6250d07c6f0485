package dl2.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fuzzing of every input in one JVM (see {@link FuzzCases}). The suite runs a seeded sample
 * of the {@value #DEFAULT_CASES}-case sequence, every {@value #SAMPLE_STRIDE}th case (each case is
 * drawn from its own stream, so the sample keeps every category and each of its cases is the long
 * run's); {@code -Ddl2.fuzz.long=true} runs all of them, {@code -Ddl2.fuzz.cases=10000} a longer
 * sequence, {@code -Ddl2.fuzz.seed=S} another one, {@code -Ddl2.fuzz.only=I} case I alone. The
 * summary (cases, exit codes, time per category, every failed case with its command line) goes to
 * stdout and to {@code target/fuzz-report.txt}.
 */
class FuzzTest {
  static final int DEFAULT_CASES = 2000;
  static final int SAMPLE_STRIDE = 4;

  @Test
  void noInputGivesAStackTraceAnotherExitCodeOrAPartialFile(@TempDir Path dir) throws IOException {
    int cases = Integer.getInteger("dl2.fuzz.cases", DEFAULT_CASES);
    long seed = Long.getLong("dl2.fuzz.seed", 13);
    Integer only = Integer.getInteger("dl2.fuzz.only");
    int stride =
        Boolean.getBoolean("dl2.fuzz.long") || System.getProperty("dl2.fuzz.cases") != null
            ? 1
            : SAMPLE_STRIDE;
    FuzzCases generator = new FuzzCases(dir, seed);
    Map<String, int[]> byCategory = new TreeMap<>();
    Map<Integer, Integer> exitCodes = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    List<String> bounds = new ArrayList<>();
    Map<String, String> workingDirectory = FuzzCase.snapshotTop(Path.of("").toAbsolutePath());
    long started = System.nanoTime();
    for (int i = only != null ? only : 0;
        i < (only != null ? only + 1 : cases);
        i += only != null ? 1 : stride) {
      FuzzCase fuzz = generator.next(i);
      FuzzCase.Outcome outcome = fuzz.run();
      int[] stats = byCategory.computeIfAbsent(fuzz.category(), k -> new int[3]);
      stats[0]++;
      stats[1] += (int) outcome.millis();
      stats[2] += outcome.problems().isEmpty() ? 0 : 1;
      exitCodes.merge(outcome.exitCode(), 1, Integer::sum);
      if (!outcome.problems().isEmpty()) {
        failures.add(
            fuzz
                + "\n    exit "
                + outcome.exitCode()
                + ": "
                + String.join("; ", outcome.problems())
                + "\n    stderr: "
                + outcome.err().strip().replace("\n", "\n            "));
      } else if (outcome.exitCode() == 1) {
        bounds.add(fuzz + "\n    " + outcome.err().strip());
      }
      if (only == null) {
        deleteTree(fuzz.dir());
      }
    }
    if (!FuzzCase.snapshotTop(Path.of("").toAbsolutePath()).equals(workingDirectory)) {
      failures.add(
          "files written into the working directory "
              + Path.of("").toAbsolutePath()
              + ": a case wrote outside its own");
    }
    String report =
        report(seed, byCategory, exitCodes, failures, (System.nanoTime() - started) / 1e9)
            + (bounds.isEmpty()
                ? ""
                : "documented stops (exit 1):\n" + String.join("\n", bounds) + "\n");
    System.out.print(report);
    Files.writeString(Path.of("target", "fuzz-report.txt"), report);
    assertThat(failures).as(report).isEmpty();
  }

  private static String report(
      long seed,
      Map<String, int[]> byCategory,
      Map<Integer, Integer> exitCodes,
      List<String> failures,
      double seconds) {
    int total = byCategory.values().stream().mapToInt(s -> s[0]).sum();
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "fuzz: %d cases, seed %d, %.1f s; exit codes %s; %d failed%n",
                total,
                seed,
                seconds,
                exitCodes,
                failures.size()));
    byCategory.forEach(
        (category, s) ->
            text.append(
                String.format(
                    Locale.ROOT,
                    "  %-8s %5d cases, %6.1f ms mean, %d failed%n",
                    category,
                    s[0],
                    s[1] / (double) Math.max(1, s[0]),
                    s[2])));
    failures.forEach(f -> text.append(f).append('\n'));
    return text.toString();
  }

  private static void deleteTree(Path dir) throws IOException {
    dl2.io.DirectorySwap.deleteTree(dir);
  }
}
