package dl2.report;

import dl2.simulation.SlotStats;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Cluster CPU or GPU utilisation (allocated / capacity) per slot, one line per competitive
 * scheduler (at most {@value Competitive#LINES}): the mean over traces, a trace that has finished
 * counting as an idle cluster. The slot axis ends with the last of them to finish.
 */
public final class UtilisationFigure {
  /** The resource a figure shows. */
  public enum Resource {
    CPU(SlotStats::cpuUtilisation),
    GPU(SlotStats::gpuUtilisation);

    private final ToDoubleFunction<SlotStats> share;

    Resource(ToDoubleFunction<SlotStats> share) {
      this.share = share;
    }
  }

  private UtilisationFigure() {}

  public static Figure of(Comparison comparison, Resource resource) {
    String name = resource.name();
    LineChart chart =
        new LineChart(
                name + " utilisation over time (mean over traces)",
                "slot",
                name + " allocated / capacity")
            .yRange(0, 1)
            .integerX();
    Competitive competitive = Competitive.of(comparison, Competitive.LINES);
    for (SchedulerRun run : competitive.shown()) {
      double[] mean = meanPerSlot(run, resource);
      double[] slots = new double[mean.length];
      for (int s = 0; s < slots.length; s++) {
        slots[s] = s;
      }
      chart.add(run.scheduler(), slots, mean);
    }
    String file = name.toLowerCase(Locale.ROOT) + "-utilisation";
    return new Figure(
        file,
        "Share of the cluster's "
            + name
            + " allocated in each slot, averaged over traces (a finished"
            + " trace counts as 0)."
            + competitive.captionNote()
            + (resource == Resource.GPU ? lowUtilisationNote(comparison) : ""),
        chart.render(file));
  }

  /** A run's utilisation of {@code resource} averaged over every simulated slot of every trace. */
  public static double meanUtilisation(SchedulerRun run, Resource resource) {
    return run.traces().stream()
        .flatMap(t -> t.slotStats().stream())
        .mapToDouble(resource.share)
        .average()
        .orElse(0);
  }

  /**
   * Why the fastest scheduler can leave most GPUs idle, when it does (below a quarter on average,
   * never above 90 % of the CPUs or GPUs in a slot): said where the figure is, since a reader
   * expects the best scheduler to use the cluster most.
   */
  static String lowUtilisationNote(Comparison comparison) {
    SchedulerRun fastest =
        comparison.runs().stream()
            .min(java.util.Comparator.comparingDouble(SchedulerRun::meanAvgJct))
            .orElseThrow();
    double gpu = meanUtilisation(fastest, Resource.GPU);
    double peakCpu = peak(fastest, Resource.CPU);
    double peakGpu = peak(fastest, Resource.GPU);
    if (gpu >= 0.25 || Math.max(peakCpu, peakGpu) >= 0.9) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        " Why the fastest scheduler (%s) uses only %.1f %% of the GPUs on average: a job trains"
            + " fastest at a small number of parameter servers and workers (past that, adding tasks adds more communication than"
            + " computation, and each job's task count is capped), so a scheduler that knows each job's best configuration gives"
            + " it exactly that and leaves the rest idle. Its allocation never came near the cluster's capacity (at most %.1f %% of"
            + " the CPUs and %.1f %% of the GPUs in any slot), so resources never bound it and using more of the cluster could not"
            + " shorten any job; schedulers that hand out more tasks per job use more GPUs and finish later.",
        fastest.scheduler(),
        100 * gpu,
        100 * peakCpu,
        100 * peakGpu);
  }

  private static double peak(SchedulerRun run, Resource resource) {
    return run.traces().stream()
        .flatMap(t -> t.slotStats().stream())
        .mapToDouble(resource.share)
        .max()
        .orElse(0);
  }

  /** True iff every trace of every run carries per-slot stats (runs read back from JSON do not). */
  public static boolean available(Comparison comparison) {
    return comparison.runs().stream()
        .flatMap(r -> r.traces().stream())
        .noneMatch(t -> t.slotStats().isEmpty());
  }

  static double[] meanPerSlot(SchedulerRun run, Resource resource) {
    int length = run.traces().stream().mapToInt(t -> t.slotStats().size()).max().orElse(0);
    double[] sum = new double[length];
    for (TraceOutcome trace : run.traces()) {
      List<SlotStats> slots = trace.slotStats();
      for (int s = 0; s < slots.size(); s++) {
        sum[s] += resource.share.applyAsDouble(slots.get(s));
      }
    }
    for (int s = 0; s < length; s++) {
      sum[s] /= run.traces().size();
    }
    return sum;
  }
}
