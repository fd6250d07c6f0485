package dl2.cli;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.report.TextTable;
import dl2.traces.ConvertedTrace;
import dl2.traces.SplitStats;
import dl2.traces.SplitTrace;
import dl2.traces.SplitWindow;
import dl2.traces.TimeSplit;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code convert}'s time-split options (docs/real-trace-splits.md): list the windows, write one, or
 * write them all.
 */
final class SplitOptions {
  @Option(
      names = "--split",
      paramLabel = "PART",
      description =
          "train, validation or test: the part of the trace's arrival span (first 60 %%, next 20 %%, last 20 %%) to take windows from.")
  String split;

  @Option(
      names = "--window-jobs",
      paramLabel = "N",
      description = "Jobs per window of a split (needed with --split and --list).")
  Integer windowJobs;

  @Option(
      names = "--list",
      description =
          "Print each split's jobs, windows, job lengths and arrivals per slot (and with --split, "
              + "its windows); writes nothing.")
  boolean list;

  @Option(
      names = "--index",
      paramLabel = "K",
      description = "With --split and --out: write window K (0-based) of the split.")
  Integer index;

  @Option(
      names = "--out-dir",
      paramLabel = "DIR",
      description = "With --split: write every window of the split as DIR/NAME.csv.")
  Path outDir;

  /** Whether any split option is given (else convert works as without splits). */
  boolean used() {
    return split != null || windowJobs != null || list || index != null || outDir != null;
  }

  /** Checks the combination with --out, reads and splits the trace, and lists or writes windows. */
  void run(
      ConversionOptions conversion,
      Path out,
      int slotSeconds,
      PrintWriter stdout,
      PrintWriter err) {
    if (windowJobs == null) {
      throw new InputException(
          "--window-jobs N is needed with --split, --list, --index and --out-dir");
    }
    if ((out != null ? 1 : 0) + (outDir != null ? 1 : 0) + (list ? 1 : 0) != 1) {
      throw new InputException(
          "with --window-jobs give exactly one of --list, --out FILE (with --index K) and --out-dir DIR");
    }
    TimeSplit part = split == null ? null : TimeSplit.byName(split);
    if (part == null && !list) {
      throw new InputException(
          "--split PART is needed to write windows: train, validation or test");
    }
    if ((index != null) != (out != null)) {
      throw new InputException("--index K and --out FILE go together: write window K of the split");
    }
    SplitTrace trace = conversion.split(windowJobs, err);
    if (list) {
      list(trace, part, slotSeconds, stdout);
    } else if (out != null) {
      write(trace, trace.window(part, index), out, stdout);
    } else {
      List<SplitWindow> windows = trace.windows(part);
      for (SplitWindow window : windows) {
        OutputPaths.writeText(outDir.resolve(window.name() + ".csv"), trace.convert(window).csv());
      }
      // one line, not one per window: a split can hold hundreds of windows (--list names them)
      if (windows.isEmpty()) {
        stdout.printf(Locale.ROOT, "0 windows of the %s split in %s%n", part.cliName(), outDir);
        return;
      }
      SplitWindow first = windows.get(0);
      SplitWindow last = windows.get(windows.size() - 1);
      stdout.printf(
          Locale.ROOT,
          "%d windows of the %s split in %s (%s … %s: jobs %d..%d of the trace in arrival order)%n",
          windows.size(),
          part.cliName(),
          outDir,
          first.name(),
          last.name(),
          first.start(),
          last.start() + last.jobs() - 1);
    }
  }

  private static void write(SplitTrace trace, SplitWindow window, Path file, PrintWriter stdout) {
    ConvertedTrace converted = trace.convert(window);
    OutputPaths.writeText(file, converted.csv());
    stdout.printf(
        Locale.ROOT,
        "wrote %s: window %s (jobs %d..%d of the trace in arrival order); arrivals span %.0f s%n",
        file,
        window.name(),
        window.start(),
        window.start() + window.jobs() - 1,
        converted.arrivalSpanSeconds());
  }

  private static void list(SplitTrace trace, TimeSplit part, int slotSeconds, PrintWriter stdout) {
    double first = trace.secondsAt(0);
    stdout.printf(
        Locale.ROOT,
        "arrival span of the file: %.0f s (%.1f slots of %d s) from its first arrival; validation from "
            + "%.0f s, test from %.0f s%n",
        trace.secondsAt(1) - first,
        (trace.secondsAt(1) - first) / slotSeconds,
        slotSeconds,
        trace.secondsAt(TimeSplit.VALIDATION.fromFraction()) - first,
        trace.secondsAt(TimeSplit.TEST.fromFraction()) - first);
    TextTable table =
        new TextTable(
            "split",
            "jobs",
            "windows",
            "epochs p50",
            "p90",
            "p99",
            "max",
            "slots",
            "arrivals/slot mean",
            "p99",
            "max");
    for (TimeSplit s : TimeSplit.values()) {
      SplitStats stats = trace.stats(s, slotSeconds);
      table.row(
          s.cliName(),
          stats.jobs(),
          stats.windows(),
          epochs(stats.epochsP50()),
          epochs(stats.epochsP90()),
          epochs(stats.epochsP99()),
          epochs(stats.epochsMax()),
          stats.slots(),
          stats.arrivalsPerSlotMean(),
          stats.arrivalsPerSlotP99(),
          stats.arrivalsPerSlotMax());
    }
    stdout.print(table.render());
    if (part != null) {
      for (SplitWindow window : trace.windows(part)) {
        stdout.printf(
            Locale.ROOT,
            "%d %s: jobs %d..%d, arrivals over %.1f slots%n",
            window.index(),
            window.name(),
            window.start(),
            window.start() + window.jobs() - 1,
            trace.convert(window).arrivalSpanSeconds() / slotSeconds);
      }
    }
  }

  private static String epochs(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.0f", value);
  }
}
