package dl2.traces;

import dl2.io.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A real trace cut by time into train, validation and test parts ({@link TimeSplit}), each cut into
 * windows of {@code windowJobs} consecutive jobs that never straddle a part's boundary. The span is
 * that of every job with work in the file, all virtual clusters included, so that with {@code --vc}
 * the parts of every virtual cluster share the same calendar boundaries. Jobs left over at a part's
 * end (fewer than a window) belong to no window.
 */
public final class SplitTrace {
  private final TraceConverter.Loaded loaded;
  private final String traceName;
  private final int windowJobs;
  private final double firstSeconds;
  private final double spanSeconds;

  /**
   * Position in arrival order where each part starts, and the end: TRAIN, VALIDATION, TEST, end.
   */
  private final int[] starts = new int[TimeSplit.values().length + 1];

  private SplitTrace(TraceConverter.Loaded loaded, String traceName, int windowJobs) {
    this.loaded = loaded;
    this.traceName = traceName;
    this.windowJobs = windowJobs;
    List<SourceJob> everyCluster = loaded.read().stream().filter(TraceMapping::hasWork).toList();
    this.firstSeconds =
        everyCluster.stream().mapToDouble(SourceJob::arrivalSeconds).min().orElseThrow();
    this.spanSeconds =
        everyCluster.stream().mapToDouble(SourceJob::arrivalSeconds).max().orElseThrow()
            - firstSeconds;
    // Arrival order is time order, so each part is a run of positions: part p starts after the jobs
    // of earlier parts.
    for (SourceJob job : loaded.withWork()) {
      for (int p = splitOf(job).ordinal() + 1; p < starts.length; p++) {
        starts[p]++;
      }
    }
  }

  /**
   * Reads {@code input} as {@code convert} would (the settings' window must not cut jobs; its
   * virtual cluster applies) and splits it; window names start with {@code traceName}.
   */
  public static SplitTrace of(
      TraceSource source,
      Path input,
      ConversionSettings settings,
      String traceName,
      int windowJobs) {
    if (windowJobs < 1) {
      throw new InputException("--window-jobs must be at least 1: " + windowJobs);
    }
    if (settings.window().start() != 0 || settings.window().jobs().isPresent()) {
      throw new InputException(
          "--split chooses the jobs by time; it cannot be combined with --start or --jobs");
    }
    return new SplitTrace(TraceConverter.load(source, input, settings), traceName, windowJobs);
  }

  private TimeSplit splitOf(SourceJob job) {
    return TimeSplit.of(spanSeconds == 0 ? 0 : (job.arrivalSeconds() - firstSeconds) / spanSeconds);
  }

  /** The part's windows, in time order. */
  public List<SplitWindow> windows(TimeSplit split) {
    int from = starts[split.ordinal()];
    int count = (starts[split.ordinal() + 1] - from) / windowJobs;
    List<SplitWindow> windows = new ArrayList<>(count);
    for (int k = 0; k < count; k++) {
      String name = traceName + "-" + split.cliName() + "-" + windowJobs + "j-" + k;
      windows.add(new SplitWindow(name, split, k, from + k * windowJobs, windowJobs));
    }
    return windows;
  }

  /** Window {@code index} of the part; an index out of range is an input error. */
  public SplitWindow window(TimeSplit split, int index) {
    List<SplitWindow> windows = windows(split);
    if (index < 0 || index >= windows.size()) {
      throw new InputException(
          "--index "
              + index
              + ": the "
              + split.cliName()
              + " split has "
              + windows.size()
              + " windows of "
              + windowJobs
              + " jobs"
              + (windows.isEmpty() ? "" : " (0.." + (windows.size() - 1) + ")"));
    }
    return windows.get(index);
  }

  /** The window as a native trace: re-based to 0 s, jobs numbered 1..N. */
  public ConvertedTrace convert(SplitWindow window) {
    return loaded.convert(
        loaded.withWork().subList(window.start(), window.start() + window.jobs()));
  }

  /** Absolute seconds (the file's clock) where {@code fraction} of the arrival span falls. */
  public double secondsAt(double fraction) {
    return firstSeconds + fraction * spanSeconds;
  }

  /**
   * The part's statistics, with arrival slots of {@code slotSeconds} counted from the part's start.
   */
  public SplitStats stats(TimeSplit split, int slotSeconds) {
    List<SourceJob> jobs =
        loaded.withWork().subList(starts[split.ordinal()], starts[split.ordinal() + 1]);
    double from = secondsAt(split.fromFraction());
    double to = secondsAt(split.toFraction());
    double[] epochs =
        jobs.stream()
            .mapToDouble(j -> TraceMapping.epochs(j.type(), j.gpus(), j.seconds()))
            .sorted()
            .toArray();
    int slots = Math.max(1, (int) Math.ceil((to - from) / slotSeconds));
    for (SourceJob job : jobs) {
      slots =
          Math.max(slots, TraceMapping.arrivalSlot(job.arrivalSeconds() - from, slotSeconds) + 1);
    }
    int[] arrivals = new int[slots];
    jobs.forEach(j -> arrivals[TraceMapping.arrivalSlot(j.arrivalSeconds() - from, slotSeconds)]++);
    double[] perSlot = Arrays.stream(arrivals).asDoubleStream().sorted().toArray();
    return new SplitStats(
        split,
        jobs.size(),
        windows(split).size(),
        from,
        to,
        rank(epochs, 0.5),
        rank(epochs, 0.9),
        rank(epochs, 0.99),
        rank(epochs, 1),
        slots,
        (double) jobs.size() / slots,
        (int) rank(perSlot, 0.99),
        (int) rank(perSlot, 1));
  }

  /** Nearest-rank percentile of sorted values; NaN when there are none. */
  private static double rank(double[] sorted, double p) {
    return sorted.length == 0
        ? Double.NaN
        : sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
  }
}
