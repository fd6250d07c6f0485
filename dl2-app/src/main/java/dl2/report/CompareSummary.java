package dl2.report;

import dl2.evaluation.Evaluation;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code dl2 compare} prints: the tables and a verdict per reference, each line within 100
 * columns.
 */
public final class CompareSummary {
  /** Below this many traces a bootstrap interval understates the uncertainty. */
  static final int FEW_TRACES = 10;

  private CompareSummary() {}

  public static void print(
      PrintWriter out,
      List<String> schedulers,
      Evaluation experiment,
      ComparisonStats stats,
      LowerBounds bounds,
      Optional<String> policyLabel) {
    Comparison comparison = stats.comparison();
    out.println(
        schedulers.size()
            + " schedulers on "
            + experiment.preset().name()
            + " ("
            + experiment.preset().cluster().nodeSummary()
            + "); times in slots");
    out.println(
        "traces: " + ComparisonText.traces(comparison) + "; base seed " + experiment.baseSeed());
    policyLabel.ifPresent(p -> out.println("dl2 = policy " + p));
    if (!experiment.lengths().exact()) {
      out.println(
          "job lengths: "
              + experiment.lengths().label()
              + "; jobs complete on their true lengths, which only the oracles read");
    }
    out.println();
    out.print(ComparisonText.mainTable(stats));
    double bound = bounds.meanNoContention();
    out.printf(
        Locale.ROOT,
        "no-contention lower bound: mean avg JCT %.3f%s: each job alone at its best (p, w)%n",
        bound,
        timesDrf(comparison, bound));
    double capacity = bounds.meanCapacity();
    out.printf(
        Locale.ROOT,
        "capacity lower bound:      mean avg JCT %.3f%s: also within the cluster's capacity%n",
        capacity,
        timesDrf(comparison, capacity));
    out.println(binding(bounds));
    Headroom.of(comparison, capacity).ifPresent(h -> headroom(h).forEach(out::println));
    out.println(
        "p50/p95/p99: JCT percentiles over all jobs; mean wait: slots from arrival to first allocation");
    out.println();
    out.println(
        "JCT ratio to each reference (below 1: lower JCT) [95% interval, paired bootstrap over traces]");
    out.print(ComparisonText.ratioTable(stats));
    comparison
        .bestHeuristic()
        .ifPresent(
            best ->
                out.println(
                    "* best heuristic: "
                        + best
                        + (comparison.references().isEmpty()
                            ? " (lowest mean avg JCT among the schedulers that are not learned)"
                            : " (lowest mean avg JCT among those that are neither learned nor oracles;"
                                + " oracles, references only: "
                                + String.join(", ", comparison.references())
                                + ")")));
    out.println();
    if (comparison.traceNames().size() < FEW_TRACES) {
      out.println(
          "(only "
              + comparison.traceNames().size()
              + " traces: intervals from so few are too narrow; use --traces "
              + FEW_TRACES
              + " or more)");
    }
    ComparisonText.verdicts(stats).forEach(v -> v.lines().forEach(out::println));
  }

  /** " (x × drf)", or nothing when drf is not among the rows (compare --scheduler). */
  private static String timesDrf(Comparison comparison, double jct) {
    return comparison
        .run(Comparison.REFERENCE)
        .map(r -> String.format(Locale.ROOT, " (%.3f × drf)", jct / r.meanAvgJct()))
        .orElse("");
  }

  /** On how many traces each part of the capacity bound is the largest. */
  static String binding(LowerBounds bounds) {
    long alone = count(bounds, "isolated");
    long cores = count(bounds, "cores");
    long gpus = count(bounds, "gpus");
    return String.format(
        Locale.ROOT,
        "  largest part (jobs alone / SRPT cores / SRPT GPUs / priced slots): %d / %d / %d / %d traces",
        alone,
        cores,
        gpus,
        bounds.capacity().size() - alone - cores - gpus);
  }

  private static long count(LowerBounds bounds, String part) {
    return bounds.capacity().stream().filter(t -> t.binding().equals(part)).count();
  }

  /** How far the best heuristic is above the capacity bound, and how much of that dl2 closes. */
  static List<String> headroom(Headroom headroom) {
    List<String> lines = new java.util.ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "headroom: (best heuristic − capacity bound) / best heuristic = %.2f %% (%s)",
            100 * headroom.fraction(),
            headroom.bestHeuristic()));
    if (headroom.learnedJct().isPresent()) {
      double learned = headroom.learnedJct().getAsDouble();
      lines.add(
          headroom.learnedShare().isPresent() && learned > headroom.bestHeuristicJct()
              // a negative share reads badly ("closes −219 %"): say how far above dl2 is instead
              ? String.format(
                  Locale.ROOT,
                  "  dl2 is %.2f %% above the best heuristic (%.3f against %.3f), so it closes none of it",
                  100 * (learned / headroom.bestHeuristicJct() - 1),
                  learned,
                  headroom.bestHeuristicJct())
              : headroom.learnedShare().isPresent()
                  ? String.format(
                      Locale.ROOT,
                      "  dl2 closes %.1f %% of it: (best heuristic − dl2) / (best heuristic − capacity bound)",
                      100 * headroom.learnedShare().getAsDouble())
                  : String.format(
                      Locale.ROOT,
                      "  (no share for dl2: the best heuristic is within %.1f %% of the bound)",
                      100 * Headroom.LEAST_HEADROOM));
    }
    return lines;
  }
}
