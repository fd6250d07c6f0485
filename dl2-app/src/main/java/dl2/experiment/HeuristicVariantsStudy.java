package dl2.experiment;

import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.Tiresias;
import dl2.schedulers.Tiresias.Shape;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.Scheduler;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The candidates behind {@code optimus-remaining} and {@code tiresias}
 * (docs/heuristics/heuristic-variants.md): every rank of {@link OptimusRemaining} and a grid of
 * {@link Tiresias} configurations, each on the validation traces ({@code compare}'s) of
 * paper-dense, paper-small and paper-large, at their node counts and at half of them (more
 * contention). A candidate's score is its mean ratio to Optimus over those six settings; test
 * traces are never used.
 */
final class HeuristicVariantsStudy implements Study {
  private static final int CAP = Integer.MAX_VALUE;
  private static final List<Preset> PRESETS =
      List.of(Presets.PAPER_DENSE, Presets.PAPER_SMALL, Presets.PAPER_LARGE);

  record Candidate(String label, Supplier<Scheduler> scheduler) {}

  @Override
  public String name() {
    return "heuristic-variants";
  }

  static List<Candidate> candidates() {
    List<Candidate> candidates = new ArrayList<>();
    for (OptimusRemaining.Rank rank : OptimusRemaining.Rank.values()) {
      String shipped = rank == OptimusRemaining.SHIPPED ? " (shipped)" : "";
      candidates.add(
          new Candidate(
              "optimus-remaining " + rank.name().toLowerCase(Locale.ROOT) + shipped,
              () -> new OptimusRemaining(rank)));
    }
    Tiresias.Config shipped = Tiresias.SHIPPED;
    List<List<Shape>> levels =
        List.of(
            List.of(shape(1, 1)),
            List.of(shape(1, 2)),
            List.of(shape(1, 4)),
            List.of(shape(2, 8)),
            List.of(shape(CAP, CAP)),
            List.of(shape(1, 2), shape(2, 8)),
            List.of(shape(1, 2), shape(2, 16)),
            List.of(shape(1, 4), shape(2, 16)),
            List.of(shape(1, 2), shape(2, 8), shape(2, 16)),
            List.of(shape(1, 1), shape(2, 2), shape(4, 4), shape(8, 8), shape(CAP, CAP)),
            List.of(shape(1, 1), shape(1, 2), shape(1, 4), shape(1, 8), shape(1, 16)),
            List.of(shape(1, 1), shape(1, 2), shape(2, 4), shape(2, 8), shape(2, 16)),
            List.of(
                shape(1, 1), shape(1, 2), shape(2, 4), shape(2, 8), shape(2, 16), shape(2, CAP)),
            List.of(shape(1, 1), shape(1, 2), shape(2, 4), shape(2, 8), shape(4, 16)));
    for (List<Shape> shapes : levels) {
      tiresias(candidates, new Tiresias.Config(shipped.thresholdsTaskSlots(), shapes, 0));
    }
    for (List<Double> cut :
        List.of(
            List.<Double>of(), List.of(8.0), List.of(64.0, 512.0), List.of(32.0, 256.0, 2048.0))) {
      tiresias(candidates, new Tiresias.Config(cut, shipped.levels(), 0));
    }
    for (double knob : new double[] {2, 8}) {
      tiresias(
          candidates, new Tiresias.Config(shipped.thresholdsTaskSlots(), shipped.levels(), knob));
    }
    return candidates;
  }

  private static Shape shape(int workers, int parameterServers) {
    return new Shape(workers, parameterServers);
  }

  private static void tiresias(List<Candidate> candidates, Tiresias.Config config) {
    String levels =
        config.levels().stream()
            .map(s -> count(s.workers()) + "w+" + count(s.parameterServers()) + "p")
            .collect(Collectors.joining(" → "));
    String label =
        String.format(
            Locale.ROOT,
            "tiresias %s; thresholds %s%s%s",
            levels,
            config.thresholdsTaskSlots(),
            config.starvationKnob() > 0 ? "; starvation knob " + config.starvationKnob() : "",
            config.equals(Tiresias.SHIPPED) ? " (shipped)" : "");
    candidates.add(new Candidate(label, () -> new Tiresias(config)));
  }

  private static String count(int tasks) {
    return tasks == CAP ? "C" : String.valueOf(tasks);
  }

  @Override
  public StudyReport run(StudyContext context) {
    List<Evaluator> settings = new ArrayList<>();
    List<String> columns = new ArrayList<>(List.of("scheduler"));
    for (Preset preset : PRESETS) {
      Preset halved = preset.withCluster(preset.cluster().withNodes(preset.cluster().nodes() / 2));
      settings.add(context.validationEvaluator(preset));
      settings.add(context.validationEvaluator(halved));
      columns.add(preset.name() + "_jct");
      columns.add(preset.name() + "_half_nodes_jct");
    }
    columns.add("mean_vs_optimus");
    ResultTable table = new ResultTable(columns.toArray(String[]::new));
    double[] optimus = settings.stream().mapToDouble(e -> e.baseline(Schedulers.OPTIMUS)).toArray();
    table.row(row(context.named(Schedulers.OPTIMUS) + " (reference)", optimus, optimus));
    List<String> names = new ArrayList<>(List.of(context.named(Schedulers.OPTIMUS)));
    List<Double> scores = new ArrayList<>(List.of(1.0));
    List<Object[]> rows =
        context
            .progress()
            .each(
                "heuristic variants",
                candidates(),
                candidate ->
                    row(
                        candidate.label(),
                        settings.stream()
                            .mapToDouble(e -> e.scheduler(candidate.scheduler()))
                            .toArray(),
                        optimus));
    for (Object[] cells : rows) {
      table.row(cells);
      names.add(String.valueOf(names.size()));
      scores.add((Double) cells[cells.length - 1]);
    }
    List<String> notes =
        List.of(
            context.validationTraces()
                + " validation traces per setting (those `dl2 compare --workload P` runs with the same"
                + " seed; `--nodes` halves the cluster); this study ignores --workload.",
            "Tiresias thresholds are in task-slots (workers + PSs held, summed over slots); shapes (C = the task cap) are filled"
                + " level by level.",
            "Bars are numbered in table order after Optimus.");
    return new StudyReport(
        name(),
        "Heuristic variants: optimus-remaining and tiresias candidates",
        "Not in the paper.",
        table,
        List.of(
            Plot.bars(
                "heuristic-variants-score",
                "Mean ratio to Optimus over six settings",
                "mean JCT / Optimus",
                names,
                List.of(Plot.Series.ofBars("mean JCT / Optimus", scores)))),
        notes);
  }

  /** The label, each setting's JCT and the mean ratio to Optimus. */
  private static Object[] row(String label, double[] jcts, double[] optimus) {
    Object[] cells = new Object[jcts.length + 2];
    cells[0] = label;
    double ratios = 0;
    for (int i = 0; i < jcts.length; i++) {
      cells[i + 1] = jcts[i];
      ratios += jcts[i] / optimus[i];
    }
    cells[cells.length - 1] = ratios / jcts.length;
    return cells;
  }
}
