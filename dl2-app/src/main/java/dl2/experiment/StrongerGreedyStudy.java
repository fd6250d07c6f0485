package dl2.experiment;

import dl2.placement.FewestNodes;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.placed.IaGreedy;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.Scheduler;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The candidates behind the stronger greedy rules (docs/heuristics/stronger-greedy.md), on
 * validation traces only: in the default world, optimus-remaining with and without the last-slot
 * rule under fewest-nodes, on paper-dense, on paper-dense at half its nodes and on paper-small at
 * half its nodes, scored by the mean ratio to optimus-remaining; in the realistic world, both
 * versions of ia-greedy with steps of up to k tasks (k = 1 is the shipped single-task step with
 * bundles) with and without the last-slot rule, on paper-dense-realistic and paper-small-realistic,
 * scored by the mean ratio to the shipped ia-greedy-oracle.
 */
final class StrongerGreedyStudy implements Study {
  /** The step sizes tried; 1 is the shipped greedy's (one task, or a worker and a PS). */
  static final int[] STEP_TASKS = {1, 2, 3, 4, 5};

  private static final List<Preset> DEFAULT_WORLD =
      List.of(Presets.PAPER_DENSE, halved(Presets.PAPER_DENSE), halved(Presets.PAPER_SMALL));
  private static final List<Preset> REALISTIC =
      List.of(Presets.PAPER_DENSE_REALISTIC, Presets.PAPER_SMALL_REALISTIC);

  record Candidate(String label, Supplier<Scheduler> scheduler) {}

  @Override
  public String name() {
    return "stronger-greedy";
  }

  private static Preset halved(Preset preset) {
    return preset.withCluster(preset.cluster().withNodes(preset.cluster().nodes() / 2));
  }

  /** The default world's candidates: optimus-remaining's shipped rank and the last-slot one. */
  static List<Candidate> defaultWorldCandidates() {
    return List.of(
        new Candidate(Schedulers.OPTIMUS_REMAINING + " (reference)", () -> new OptimusRemaining()),
        new Candidate(
            OptimusRemaining.LAST_SLOT_NAME + " (shipped)", () -> OptimusRemaining.lastSlot()));
  }

  /** The realistic world's: each version, step size and last-slot setting. */
  static List<Candidate> realisticCandidates() {
    List<Candidate> candidates = new ArrayList<>();
    for (boolean oracle : new boolean[] {false, true}) {
      for (boolean lastSlot : new boolean[] {false, true}) {
        for (int k : STEP_TASKS) {
          IaGreedy.Config config = IaGreedy.SHIPPED.withLastSlot(lastSlot).withMaxStepTasks(k);
          String version = oracle ? Schedulers.IA_GREEDY_ORACLE : Schedulers.IA_GREEDY;
          String label =
              version
                  + " k="
                  + k
                  + (lastSlot ? ", last slot" : "")
                  + (config.equals(IaGreedy.SHIPPED) ? " (shipped " + version + ")" : "")
                  + (config.equals(IaGreedy.MULTI_STEP)
                      ? oracle
                          ? " (shipped " + Schedulers.IA_GREEDY_MULTISTEP_ORACLE + ")"
                          : " (" + Schedulers.IA_GREEDY_MULTISTEP + "'s steps, every job profiled)"
                      : "");
          candidates.add(
              new Candidate(
                  label,
                  () ->
                      oracle
                          ? IaGreedy.oracle("candidate", config)
                          : IaGreedy.measured("candidate", config)));
        }
      }
    }
    return candidates;
  }

  @Override
  public StudyReport run(StudyContext context) {
    List<Evaluator> plain = new ArrayList<>();
    for (Preset preset : DEFAULT_WORLD) {
      plain.add(context.validationEvaluator(preset).placedBy(FewestNodes.NAME));
    }
    List<Evaluator> realistic = new ArrayList<>();
    for (Preset preset : REALISTIC) {
      realistic.add(context.validationEvaluator(preset));
    }
    ResultTable table =
        new ResultTable(
            "scheduler",
            "paper_dense_jct",
            "dense_half_nodes_jct",
            "small_half_nodes_jct",
            "paper_dense_realistic_jct",
            "paper_small_realistic_jct",
            "mean_vs_reference");
    List<String> names = new ArrayList<>();
    List<Double> scores = new ArrayList<>();
    double[] reference = null;
    for (Candidate candidate : defaultWorldCandidates()) {
      double[] jcts = plain.stream().mapToDouble(e -> e.scheduler(candidate.scheduler())).toArray();
      reference = reference == null ? jcts : reference;
      table.row(candidate.label(), jcts[0], jcts[1], jcts[2], "", "", meanRatio(jcts, reference));
      names.add(String.valueOf(names.size() + 1));
      scores.add(meanRatio(jcts, reference));
    }
    double[] oracle =
        realistic.stream().mapToDouble(e -> e.baseline(Schedulers.IA_GREEDY_ORACLE)).toArray();
    List<Object[]> rows =
        context
            .progress()
            .each(
                "realistic candidates",
                realisticCandidates(),
                c -> {
                  double[] jcts =
                      realistic.stream().mapToDouble(e -> e.scheduler(c.scheduler())).toArray();
                  return new Object[] {
                    c.label(), "", "", "", jcts[0], jcts[1], meanRatio(jcts, oracle)
                  };
                });
    for (Object[] cells : rows) {
      table.row(cells);
      names.add(String.valueOf(names.size() + 1));
      scores.add((Double) cells[cells.length - 1]);
    }
    List<String> notes =
        List.of(
            context.validationTraces()
                + " validation traces per setting; the default world's columns run under"
                + " fewest-nodes (as compare's best heuristic does), their reference is"
                + " optimus-remaining; the realistic columns' reference is the shipped"
                + " ia-greedy-oracle. This study ignores --workload.",
            "Bars are numbered in table order.",
            "k: a step adds any mix of up to k tasks of one job on one node (k = 1: one task or a"
                + " worker and a PS, the shipped step); last slot: a job finishing inside the slot is"
                + " valued by the slots saved, not the fraction of its remaining time.");
    return new StudyReport(
        name(),
        "Stronger greedy rules: the last-slot valuation and multi-task steps",
        "Not in the paper.",
        table,
        List.of(
            Plot.bars(
                "stronger-greedy-score",
                "Mean ratio to the reference (optimus-remaining; ia-greedy-oracle)",
                "mean JCT / reference",
                names,
                List.of(Plot.Series.ofBars("mean JCT / reference", scores)))),
        notes);
  }

  private static double meanRatio(double[] jcts, double[] reference) {
    double sum = 0;
    for (int i = 0; i < jcts.length; i++) {
      sum += jcts[i] / reference[i];
    }
    return sum / jcts.length;
  }
}
