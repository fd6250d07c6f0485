package dl2.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code dl2 compare} prints, within 100 columns: the main table (mean average JCT with its
 * interval, tail percentiles, waiting, makespan), the ratio table against every reference, and one
 * plain sentence per learned scheduler and reference answering "better, by how much, how sure".
 */
public final class ComparisonText {
  private ComparisonText() {}

  /**
   * Which traces, in words: "10 test traces (test-0 … test-9), new to training and checkpoint
   * selection".
   */
  public static String traces(Comparison comparison) {
    List<String> names = comparison.traceNames();
    String span =
        names.size() == 1 ? names.get(0) : names.get(0) + " … " + names.get(names.size() - 1);
    return switch (comparison.traceSet()) {
      case Comparison.TEST ->
          names.size() + " test traces (" + span + "), new to training and checkpoint selection";
      case Comparison.VALIDATION ->
          names.size()
              + " validation traces ("
              + span
              + "), the ones training selects checkpoints on";
      case Comparison.FILES ->
          names.size()
              + " trace file"
              + (names.size() == 1 ? "" : "s")
              + " ("
              + (names.size() <= 4 ? String.join(", ", names) : span)
              + ")";
      default -> names.size() + " traces (" + span + ")";
    };
  }

  public static String mainTable(ComparisonStats stats) {
    TextTable table =
        new TextTable(
            "scheduler",
            "mean avg JCT",
            "95% CI",
            "p50",
            "p95",
            "p99",
            "mean wait",
            "mean makespan");
    for (SchedulerRun run : stats.comparison().runs()) {
      table.row(
          run.scheduler(),
          run.meanAvgJct(),
          interval(stats.meanInterval(run.scheduler())),
          compact(run.jctPercentile(50)),
          compact(run.jctPercentile(95)),
          compact(run.jctPercentile(99)),
          compact(run.meanWaitingSlots()),
          compact(run.meanMakespan()));
    }
    return table.render();
  }

  /** The terminal width every table keeps within. */
  static final int COLUMNS = 100;

  /**
   * JCT ratios with intervals: one column per distinct reference scheduler; the best heuristic's is
   * starred. When all columns would not fit in {@value #COLUMNS} columns, the references are split
   * over several tables, each repeating the scheduler column.
   */
  public static String ratioTable(ComparisonStats stats) {
    List<Reference> columns = distinctReferences(stats);
    String best = stats.comparison().bestHeuristic().orElse("");
    List<SchedulerRun> runs = stats.comparison().runs();
    int nameWidth =
        Math.max(
            "scheduler".length(),
            runs.stream().mapToInt(r -> r.scheduler().length()).max().orElse(0));
    List<List<String>> cells = new ArrayList<>();
    List<Integer> widths = new ArrayList<>();
    for (Reference reference : columns) {
      List<String> column =
          new ArrayList<>(
              List.of(
                  "vs " + reference.scheduler() + (reference.scheduler().equals(best) ? "*" : "")));
      runs.forEach(
          run ->
              column.add(
                  run.scheduler().equals(reference.scheduler())
                      ? "1"
                      : ratio(stats.versus(run.scheduler(), reference))));
      cells.add(column);
      widths.add(column.stream().mapToInt(String::length).max().orElse(0));
    }
    StringBuilder out = new StringBuilder();
    int first = 0;
    while (first < columns.size()) {
      int last = first + 1;
      int width = nameWidth + 2 + widths.get(first);
      while (last < columns.size() && width + 2 + widths.get(last) <= COLUMNS) {
        width += 2 + widths.get(last++);
      }
      List<String> header = new ArrayList<>(List.of("scheduler"));
      cells.subList(first, last).forEach(column -> header.add(column.get(0)));
      TextTable table = new TextTable(header.toArray(String[]::new));
      for (int r = 0; r < runs.size(); r++) {
        List<Object> row = new ArrayList<>(List.of(runs.get(r).scheduler()));
        for (List<String> column : cells.subList(first, last)) {
          row.add(column.get(r + 1));
        }
        table.row(row.toArray());
      }
      out.append(first == 0 ? "" : System.lineSeparator()).append(table.render());
      first = last;
    }
    return out.toString();
  }

  /** One answer: "{subject} vs {reference}: {headline}", then "{reading}". */
  public record Verdict(String subject, String reference, String headline, String reading) {
    /** Two lines for a terminal: the headline, and the reading indented. */
    public List<String> lines() {
      return List.of(subject + " vs " + reference + ": " + headline, "  " + reading);
    }

    /** One sentence for a report. */
    public String sentence() {
      return subject + " vs " + reference + ": " + headline + "; " + reading + ".";
    }
  }

  /**
   * Per learned scheduler (else the best heuristic) and reference, e.g. "dl2 vs optimus (best
   * heuristic): +0.07 % mean avg JCT, 95 % CI +0.04 % to +0.09 %" and "dl2 is worse; lower JCT on 0
   * of 3 traces, higher on 3".
   */
  public static List<Verdict> verdicts(ComparisonStats stats) {
    String best = stats.comparison().bestHeuristic().orElse("");
    List<Verdict> verdicts = new ArrayList<>();
    for (String subject : stats.subjects()) {
      for (Reference reference : stats.referencesFor(subject)) {
        PairedComparison versus = stats.versus(subject, reference);
        String name =
            reference.scheduler() + (reference.scheduler().equals(best) ? " (best heuristic)" : "");
        verdicts.add(new Verdict(subject, name, headline(versus), reading(subject, versus)));
      }
    }
    return verdicts;
  }

  /** "+0.07 % mean avg JCT, 95 % CI +0.04 % to +0.09 %". */
  static String headline(PairedComparison versus) {
    PairedBootstrap.Interval ci = versus.jctRatioInterval();
    return percent(versus.jctRatio())
        + " mean avg JCT"
        + (ci.defined()
            ? ", 95 % CI " + percent(ci.low()) + " to " + percent(ci.high())
            : " (one trace: no interval)");
  }

  /** "dl2 is worse; lower JCT on 0 of 3 traces, higher on 3". */
  static String reading(String subject, PairedComparison versus) {
    String verdict =
        !versus.jctRatioInterval().defined()
            ? "not enough traces to tell"
            : !versus.clearDifference()
                ? "no clear difference (the interval includes 0 %)"
                : versus.jctRatio() < 1 ? subject + " is better" : subject + " is worse";
    return verdict
        + "; lower JCT on "
        + versus.tracesLower()
        + " of "
        + versus.traces()
        + " traces, higher on "
        + versus.tracesHigher();
  }

  /** The ratio as a signed change in per cent, e.g. "-55.20 %". */
  static String percent(double ratio) {
    return String.format(Locale.ROOT, "%+.2f %%", 100 * (ratio - 1));
  }

  static String ratio(PairedComparison versus) {
    PairedBootstrap.Interval ci = versus.jctRatioInterval();
    String value = compact(versus.jctRatio());
    return ci.defined() ? value + " " + interval(ci) : value;
  }

  /** "[low,high]" with {@link #compact} numbers, or "-" without an interval. */
  static String interval(PairedBootstrap.Interval ci) {
    return ci.defined() ? "[" + compact(ci.low()) + "," + compact(ci.high()) + "]" : "-";
  }

  /**
   * About four significant digits, so columns stay narrow when a scheduler is 100 times slower:
   * 0.998, 19.43, 483.1, 1138.
   */
  static String compact(double value) {
    double size = Math.abs(value);
    int decimals = size < 10 ? 3 : size < 100 ? 2 : size < 1000 ? 1 : 0;
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /** The references with distinct schedulers, in reference order. */
  static List<Reference> distinctReferences(ComparisonStats stats) {
    List<Reference> distinct = new ArrayList<>();
    for (Reference reference : stats.references()) {
      if (distinct.stream().noneMatch(r -> r.scheduler().equals(reference.scheduler()))) {
        distinct.add(reference);
      }
    }
    return distinct;
  }
}
