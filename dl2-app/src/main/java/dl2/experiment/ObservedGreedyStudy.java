package dl2.experiment;

import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.OptimusFitted;
import dl2.schedulers.placed.IaGreedy;
import dl2.schedulers.placed.MeasuredWorld;
import dl2.schedulers.placed.PartlyOracleSpeeds;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.world.WorldParametersJson;
import dl2.slot.Scheduler;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Where the observation-only multistep greedy loses against its oracle, and the pooled type prior
 * that closes it (docs/heuristics/observed-greedy.md), on validation traces only: diagnostics that
 * hand one part of the measured world the oracle's answer (named as oracles), then the pooled
 * prior's knobs, profiled jobs per type and the prior's weight, on paper-dense-realistic and
 * paper-small-realistic, scored by the mean ratio to the shipped ia-greedy-oracle.
 */
final class ObservedGreedyStudy implements Study {
  /** Jobs of a type profiled before its pooled curve replaces profiling. */
  static final int[] PROFILED_JOBS = {1, 3, 5};

  /** The pooled curve's weight at each of its configurations, in measurements. */
  static final double[] WEIGHTS = {0.5, 2};

  /** Jobs judged by the pooled curve: those expected to finish within this many slots. */
  static final double[] SHORT_SLOTS = {4, 8, 16, Double.POSITIVE_INFINITY};

  /** Profiling sets: the shipped one, and without (1, 1), the one a short job loses most in. */
  static final List<List<OptimusFitted.Config>> PROFILES =
      List.of(
          IaGreedy.PROFILE,
          List.of(
              new OptimusFitted.Config(8, 2),
              new OptimusFitted.Config(2, 2),
              new OptimusFitted.Config(2, 3)));

  static final List<String> PROFILE_NAMES = List.of("(8,2)(2,2)(1,1)(2,3)", "(8,2)(2,2)(2,3)");

  private static final List<Preset> REALISTIC =
      List.of(Presets.PAPER_DENSE_REALISTIC, Presets.PAPER_SMALL_REALISTIC);

  record Candidate(String label, Supplier<Scheduler> scheduler) {}

  @Override
  public String name() {
    return "observed-greedy";
  }

  private static MeasuredWorld measured() {
    return new MeasuredWorld(IaGreedy.PROFILE);
  }

  private static Candidate candidate(String label, Supplier<MeasuredWorld> world) {
    return new Candidate(label, () -> new IaGreedy("candidate", world.get(), IaGreedy.MULTI_STEP));
  }

  private static Candidate diagnostic(
      String label, boolean profiles, boolean unknownFromOracle, boolean knownFromOracle) {
    return new Candidate(
        label,
        () ->
            new IaGreedy(
                "candidate-oracle",
                new PartlyOracleSpeeds(measured(), profiles, unknownFromOracle, knownFromOracle),
                IaGreedy.MULTI_STEP));
  }

  /** The diagnostics (oracles) and the pooled prior's candidates, the shipped rule among them. */
  static List<Candidate> candidates() {
    double lambda = WorldParametersJson.committed().intraNodeCommFactor();
    List<Candidate> candidates = new ArrayList<>();
    candidates.add(
        candidate(
            "measured, every job profiled at "
                + PROFILE_NAMES.get(0)
                + " ("
                + Schedulers.IA_GREEDY_MULTISTEP
                + " before)",
            ObservedGreedyStudy::measured));
    candidates.add(diagnostic("oracle: every speed, profiling kept", true, true, true));
    candidates.add(diagnostic("oracle: speeds of unknown jobs, no profiling", false, true, false));
    candidates.add(diagnostic("oracle: speeds of known jobs", true, false, true));
    candidates.add(
        candidate("oracle: the world's λ given", () -> measured().withGivenLocality(lambda)));
    double[][] x = worldExtraTime();
    candidates.add(
        candidate(
            "oracle: the world's interference given", () -> measured().withGivenInterference(x)));
    candidates.add(
        candidate(
            "oracle: the world's interference given, pooled prior after 1 per type, weight 0.5",
            () ->
                measured()
                    .withGivenInterference(x)
                    .withPooledPrior(1, 0.5, Double.POSITIVE_INFINITY)));
    for (int s = 0; s < PROFILES.size(); s++) {
      List<OptimusFitted.Config> profile = PROFILES.get(s);
      String where = "profile " + PROFILE_NAMES.get(s);
      if (s > 0) {
        candidates.add(candidate(where + ", every job profiled", () -> new MeasuredWorld(profile)));
      }
      for (int profiled : PROFILED_JOBS) {
        for (double weight : WEIGHTS) {
          for (double shortSlots : SHORT_SLOTS) {
            boolean shipped =
                profile.equals(IaGreedy.MULTI_STEP_PROFILE)
                    && profiled == IaGreedy.MULTI_STEP_PROFILED_JOBS
                    && weight == IaGreedy.MULTI_STEP_PRIOR_WEIGHT
                    && shortSlots == IaGreedy.MULTI_STEP_SHORT_SLOTS;
            candidates.add(
                candidate(
                    where
                        + ", pooled prior after "
                        + profiled
                        + " per type, weight "
                        + weight
                        + ", jobs within "
                        + shortSlots
                        + " slots"
                        + (shipped ? " (shipped " + Schedulers.IA_GREEDY_MULTISTEP + ")" : ""),
                    () ->
                        new MeasuredWorld(profile).withPooledPrior(profiled, weight, shortSlots)));
          }
        }
      }
    }
    return candidates;
  }

  /**
   * A quick run's candidates (the test suite runs every documented study quickly): the rule before
   * the pooled prior, the shipped one and the diagnostic that closes the gap, not the whole grid.
   */
  static List<Candidate> quickCandidates() {
    return candidates().stream()
        .filter(
            c ->
                c.label().endsWith(" before)")
                    || c.label().contains("(shipped")
                    || c.label().equals("oracle: speeds of unknown jobs, no profiling"))
        .toList();
  }

  @Override
  public StudyReport run(StudyContext context) {
    List<Evaluator> realistic = new ArrayList<>();
    for (Preset preset : REALISTIC) {
      realistic.add(context.validationEvaluator(preset));
    }
    ResultTable table =
        new ResultTable(
            "scheduler",
            "paper_dense_realistic_jct",
            "paper_small_realistic_jct",
            "mean_vs_oracle");
    double[] oracle =
        realistic.stream().mapToDouble(e -> e.baseline(Schedulers.IA_GREEDY_ORACLE)).toArray();
    double[] multistepOracle =
        realistic.stream()
            .mapToDouble(e -> e.baseline(Schedulers.IA_GREEDY_MULTISTEP_ORACLE))
            .toArray();
    table.row(Schedulers.IA_GREEDY_ORACLE + " (reference)", oracle[0], oracle[1], 1.0);
    table.row(
        Schedulers.IA_GREEDY_MULTISTEP_ORACLE,
        multistepOracle[0],
        multistepOracle[1],
        meanRatio(multistepOracle, oracle));
    List<Object[]> rows =
        context
            .progress()
            .each(
                "observed-greedy candidates",
                context.quick() ? quickCandidates() : candidates(),
                c -> {
                  double[] jcts =
                      realistic.stream().mapToDouble(e -> e.scheduler(c.scheduler())).toArray();
                  return new Object[] {c.label(), jcts[0], jcts[1], meanRatio(jcts, oracle)};
                });
    List<String> names = new ArrayList<>(List.of("1", "2"));
    List<Double> scores = new ArrayList<>(List.of(1.0, meanRatio(multistepOracle, oracle)));
    for (Object[] cells : rows) {
      table.row(cells);
      names.add(String.valueOf(names.size() + 1));
      scores.add((Double) cells[cells.length - 1]);
    }
    List<String> notes =
        List.of(
            context.validationTraces()
                + " validation traces per preset; every candidate is the multistep greedy (steps of"
                + " up to 4 tasks, the last-slot rule); the reference is the shipped"
                + " ia-greedy-oracle. This study ignores --workload.",
            "Rows named oracle are diagnostics: they read the simulator's world."
                + (context.quick()
                    ? " Quick mode: the rule before, the shipped one and one diagnostic only."
                    : ""),
            "Bars are numbered in table order.");
    return new StudyReport(
        name(),
        "The observation-only greedy against its oracle: where it loses, and a pooled type prior",
        "Not in the paper.",
        table,
        List.of(
            Plot.bars(
                "observed-greedy-score",
                "Mean ratio to ia-greedy-oracle",
                "mean JCT / ia-greedy-oracle",
                names,
                List.of(Plot.Series.ofBars("mean JCT / ia-greedy-oracle", scores)))),
        notes);
  }

  /** The world's x[victim][other] = 1/s − 1 (a diagnostic's answer: an oracle). */
  private static double[][] worldExtraTime() {
    double[][] s = WorldParametersJson.committed().colocatedThroughput();
    double[][] x = new double[s.length][];
    for (int k = 0; k < s.length; k++) {
      x[k] = new double[s[k].length];
      for (int t = 0; t < s[k].length; t++) {
        x[k][t] = 1 / s[k][t] - 1;
      }
    }
    return x;
  }

  private static double meanRatio(double[] jcts, double[] reference) {
    double sum = 0;
    for (int i = 0; i < jcts.length; i++) {
      sum += jcts[i] / reference[i];
    }
    return sum / jcts.length;
  }
}
