package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.learning.file.PolicyFile;
import dl2.report.PairedBootstrap;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import dl2.workload.Preset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * JCT against load: every scheduler on the preset's test traces with the arrival rate scaled (the
 * preset's maximum arrivals per slot times a factor, which rescales its arrival pattern; the jobs
 * themselves stay the same) or with the cluster resized (nodes times a factor). Each point gives
 * the mean average JCT with its 95 % bootstrap interval over the traces and the 95th percentile JCT
 * over all their jobs. DL2 is the policy shipped for the preset, when there is one.
 */
final class LoadSweepStudy implements Study {
  /** What the sweep varies. */
  enum Sweep {
    ARRIVAL_RATE("arrival-rate", List.of(0.5, 1.0, 1.5, 2.0, 3.0), List.of(0.5, 1.0, 2.0)),
    CLUSTER_SIZE("cluster-size", List.of(0.25, 0.5, 1.0, 2.0), List.of(0.5, 1.0, 2.0));

    final String suffix;
    final List<Double> factors;
    final List<Double> quickFactors;

    Sweep(String suffix, List<Double> factors, List<Double> quickFactors) {
      this.suffix = suffix;
      this.factors = factors;
      this.quickFactors = quickFactors;
    }
  }

  /**
   * One point of the sweep: the scaled preset and its x value (the realised factor, or the node
   * count).
   */
  private record Point(Preset preset, double x, String label) {}

  private final Sweep sweep;

  LoadSweepStudy(Sweep sweep) {
    this.sweep = sweep;
  }

  static List<Study> both() {
    return List.of(new LoadSweepStudy(Sweep.ARRIVAL_RATE), new LoadSweepStudy(Sweep.CLUSTER_SIZE));
  }

  @Override
  public String name() {
    return "load-sweep-" + sweep.suffix;
  }

  @Override
  public StudyReport run(StudyContext context) {
    Preset base = context.preset();
    List<Point> points = points(base, context.quick() ? sweep.quickFactors : sweep.factors);
    Optional<PolicyFile> dl2 = context.shippedPolicy(base);
    List<String> schedulers = new ArrayList<>(Schedulers.BASELINES);
    dl2.ifPresent(p -> schedulers.add(SchedulerCatalog.POLICY));
    int traces = context.validationTraces();
    PairedBootstrap bootstrap = new PairedBootstrap(traces, context.seed());
    ResultTable table =
        new ResultTable(
            sweep == Sweep.ARRIVAL_RATE ? "arrival_rate_factor" : "nodes",
            sweep == Sweep.ARRIVAL_RATE ? "max_arrivals_per_slot" : "node_factor",
            "scheduler",
            "mean_avg_jct",
            "ci_low",
            "ci_high",
            "p95_jct",
            "vs_drf");
    double[][] mean = new double[schedulers.size()][points.size()];
    double[][] low = new double[schedulers.size()][points.size()];
    double[][] high = new double[schedulers.size()][points.size()];
    for (int p = 0; p < points.size(); p++) {
      Point point = points.get(p);
      Evaluator evaluator = context.evaluator(point.preset(), 0);
      context.progress().phase(name() + " " + point.label(), schedulers.size());
      double drf = Double.NaN;
      try {
        for (int s = 0; s < schedulers.size(); s++) {
          String scheduler = schedulers.get(s);
          TraceJcts runs =
              scheduler.equals(SchedulerCatalog.POLICY)
                  ? evaluator.policyJcts(dl2.orElseThrow())
                  : evaluator.baselineJcts(scheduler);
          PairedBootstrap.Interval interval = bootstrap.mean(runs.averages());
          mean[s][p] = runs.mean();
          low[s][p] = interval.low();
          high[s][p] = interval.high();
          drf = scheduler.equals(Schedulers.DRF) ? mean[s][p] : drf;
          Object second =
              sweep == Sweep.ARRIVAL_RATE ? point.preset().workload().maxArrivals() : point.label();
          table.row(
              sweep == Sweep.ARRIVAL_RATE ? point.x() : (Object) (int) point.x(),
              second,
              context.named(scheduler),
              mean[s][p],
              interval.low(),
              interval.high(),
              runs.p95(),
              mean[s][p] / drf);
          context.progress().stepTo(s + 1);
        }
      } finally {
        context.progress().endPhase();
      }
    }
    List<Plot.Series> series = new ArrayList<>();
    double[] x = points.stream().mapToDouble(Point::x).toArray();
    for (int s = 0; s < schedulers.size(); s++) {
      series.add(new Plot.Series(context.named(schedulers.get(s)), x, mean[s], low[s], high[s]));
    }
    return new StudyReport(
        name(),
        title(),
        "The paper varies neither; researchers' main figure is JCT against load.",
        table,
        List.of(
            Plot.line(
                name(),
                title() + " (" + base.name() + ")",
                xLabel(),
                "mean avg JCT (slots), 95 % interval",
                series)),
        notes(context, base, traces, dl2.isPresent()));
  }

  private String title() {
    return sweep == Sweep.ARRIVAL_RATE
        ? "Load sweep: JCT against arrival rate"
        : "Load sweep: JCT against cluster size";
  }

  private String xLabel() {
    return sweep == Sweep.ARRIVAL_RATE ? "arrival rate (× the preset's)" : "nodes";
  }

  /** The scaled presets, without repeats (a small preset can round two factors to one setting). */
  private List<Point> points(Preset base, List<Double> factors) {
    List<Point> points = new ArrayList<>();
    for (double factor : factors) {
      Point point =
          sweep == Sweep.ARRIVAL_RATE ? arrivalPoint(base, factor) : clusterPoint(base, factor);
      if (points.stream().noneMatch(p -> p.x() == point.x())) {
        points.add(point);
      }
    }
    return points;
  }

  private static Point arrivalPoint(Preset base, double factor) {
    int maxArrivals = Math.max(1, (int) Math.round(base.workload().maxArrivals() * factor));
    double realised = (double) maxArrivals / base.workload().maxArrivals();
    Preset scaled = base.withWorkload(base.workload().withMaxArrivals(maxArrivals));
    return new Point(scaled, realised, String.format(Locale.ROOT, "×%.2f", realised));
  }

  private static Point clusterPoint(Preset base, double factor) {
    int nodes = Math.max(1, (int) Math.round(base.cluster().nodes() * factor));
    return new Point(
        base.withCluster(base.cluster().withNodes(nodes)),
        nodes,
        String.format(Locale.ROOT, "×%.2f", (double) nodes / base.cluster().nodes()));
  }

  private List<String> notes(StudyContext context, Preset base, int traces, boolean hasPolicy) {
    List<String> notes = new ArrayList<>();
    notes.add(
        "Every scheduler runs the same "
            + traces
            + " test traces (test-0 … test-"
            + (traces - 1)
            + ", base seed "
            + context.seed()
            + "; as many as --validation-traces), new to training and to checkpoint selection, at every point; the interval is a 95 %"
            + " percentile bootstrap of the mean over those traces, p95 the 95th percentile of the JCT over all their jobs.");
    if (sweep == Sweep.ARRIVAL_RATE) {
      notes.add(
          "The arrival rate is scaled through the preset's maximum arrivals per slot ("
              + base.workload().maxArrivals()
              + " for "
              + base.name()
              + "), which rescales its arrival pattern; the factor shown is the realised one after rounding to"
              + " whole jobs. Each trace keeps its jobs (types and lengths): only their arrival slots move closer together or apart.");
    } else {
      notes.add(
          "The cluster is "
              + base.name()
              + "'s "
              + base.cluster().nodes()
              + " nodes times each factor, with the same"
              + " per-node capacity, task cap and traces. Where resources never bind, every scheduler that knows each job's best"
              + " configuration ties with the no-contention bound; shrinking the cluster shows where the schedulers differ.");
    }
    notes.add(
        hasPolicy
            ? "DL2 is the policy shipped for "
                + base.name()
                + ", trained at the preset's own load and size and not"
                + " retrained for the others (greedy decoding)."
            : "No policy is shipped for " + base.name() + ", so DL2 is not in this sweep.");
    return notes;
  }
}
