package dl2.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every scheduler of a comparison against every reference, with paired bootstrap intervals over the
 * traces (seeded by the comparison's base seed, so the same comparison always gives the same
 * intervals), and the interval of each scheduler's own mean average JCT.
 */
public final class ComparisonStats {
  private final Comparison comparison;
  private final List<Reference> references;
  private final Map<String, PairedBootstrap.Interval> meanIntervals = new LinkedHashMap<>();
  private final Map<String, Map<String, PairedComparison>> versus = new LinkedHashMap<>();

  public ComparisonStats(Comparison comparison) {
    this.comparison = comparison;
    this.references = Reference.of(comparison);
    PairedBootstrap bootstrap =
        new PairedBootstrap(comparison.traceNames().size(), comparison.baseSeed());
    for (SchedulerRun run : comparison.runs()) {
      meanIntervals.put(run.scheduler(), bootstrap.mean(run.avgJcts()));
    }
    for (Reference reference : references) {
      double[] base = comparison.run(reference.scheduler()).orElseThrow().avgJcts();
      Map<String, PairedComparison> row = new LinkedHashMap<>();
      for (SchedulerRun run : comparison.runs()) {
        row.put(run.scheduler(), bootstrap.compare(run.avgJcts(), base));
      }
      versus.put(reference.role(), row);
    }
  }

  public Comparison comparison() {
    return comparison;
  }

  public List<Reference> references() {
    return references;
  }

  /** The 95 % interval of {@code scheduler}'s mean average JCT over traces. */
  public PairedBootstrap.Interval meanInterval(String scheduler) {
    return meanIntervals.get(scheduler);
  }

  /** {@code scheduler} against {@code reference}. */
  public PairedComparison versus(String scheduler, Reference reference) {
    return versus.get(reference.role()).get(scheduler);
  }

  /**
   * The schedulers whose comparisons a reader wants spelled out: the learned ones, else the best
   * heuristic.
   */
  public List<String> subjects() {
    List<String> learned =
        comparison.runs().stream()
            .map(SchedulerRun::scheduler)
            .filter(Comparison::isLearned)
            .toList();
    return learned.isEmpty() ? comparison.bestHeuristic().stream().toList() : learned;
  }

  /**
   * The references a subject is worth comparing with: every reference that is another scheduler,
   * each once.
   */
  public List<Reference> referencesFor(String subject) {
    List<Reference> distinct = new java.util.ArrayList<>();
    for (Reference reference : references) {
      boolean seen = distinct.stream().anyMatch(r -> r.scheduler().equals(reference.scheduler()));
      if (!reference.scheduler().equals(subject) && !seen) {
        distinct.add(reference);
      }
    }
    return distinct;
  }
}
