package dl2.cli;

import dl2.io.InputException;
import dl2.run.PublicTraceLocations;
import dl2.traces.BadRows;
import dl2.traces.ConversionSettings;
import dl2.traces.ConvertedTrace;
import dl2.traces.SplitTrace;
import dl2.traces.TraceConverter;
import dl2.traces.TraceMapping;
import dl2.traces.TraceSource;
import dl2.traces.TraceWindow;
import dl2.workload.TraceSets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The input, window and bad-row options of {@code convert} and {@code bench-trace}. */
public final class ConversionOptions {
  @Parameters(
      index = "0",
      paramLabel = "IN",
      description =
          "The public trace file (a directory of .trace files for gavel, "
              + "with --vc); a relative path not found here is looked up in the public traces (dl2 traces where).")
  Path input;

  @Option(
      names = "--from",
      required = true,
      paramLabel = "SOURCE",
      description = "Format of IN: pollux, pollux-philly, gavel, tiresias or elasticflow.")
  String from;

  @Option(
      names = "--jobs",
      paramLabel = "N",
      description = "Keep N consecutive jobs (in arrival order); default all.")
  Integer jobs;

  @Option(
      names = "--start",
      paramLabel = "K",
      defaultValue = "0",
      description = "Position (0-based, in arrival order) of the first job kept (default: 0).")
  int start;

  @Option(
      names = "--vc",
      paramLabel = "NAME",
      description =
          "Keep one virtual cluster (pollux-philly: the cluster column; gavel: the .trace file).")
  String virtualCluster;

  @Option(
      names = "--skip-bad-rows",
      description =
          "Leave out bad rows, each reported on stderr, instead of stopping with exit code 2.")
  boolean skipBadRows;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "" + TraceSets.DEFAULT_BASE_SEED,
      description =
          "Seed of the row-hash job types of files without a model column (pollux-philly, elasticflow raw ITP traces); "
              + "bench-trace also seeds its simulator "
              + "with it (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--throughputs",
      paramLabel = "FILE",
      description =
          "gavel: Gavel's simulation_throughputs.json (default: found in the directories above IN).")
  Path throughputs;

  /** Converts IN; skipped rows are reported on {@code err}. */
  ConvertedTrace convert(PrintWriter err) {
    ConvertedTrace trace =
        TraceConverter.convert(TraceSource.byName(from), located(), settings(err));
    err.flush();
    return trace;
  }

  /**
   * Reads IN and cuts it into time splits of {@code windowJobs}-job windows; skipped rows are
   * reported on {@code err}.
   */
  SplitTrace split(int windowJobs, PrintWriter err) {
    Path file = located();
    String name =
        virtualCluster != null && !file.toFile().isDirectory()
            ? traceName() + "-" + virtualCluster
            : traceName();
    SplitTrace trace =
        SplitTrace.of(TraceSource.byName(from), file, settings(err), name, windowJobs);
    err.flush();
    return trace;
  }

  private ConversionSettings settings(PrintWriter err) {
    TraceSource source = TraceSource.byName(from);
    if (throughputs != null && source != TraceSource.GAVEL) {
      throw new InputException("--throughputs applies to --from gavel only");
    }
    TraceWindow window =
        new TraceWindow(
            start,
            jobs == null ? OptionalInt.empty() : OptionalInt.of(jobs),
            Optional.ofNullable(virtualCluster));
    BadRows badRows =
        skipBadRows ? BadRows.skip(line -> err.println("dl2: " + line)) : BadRows.fail();
    Optional<Path> rates =
        Optional.ofNullable(throughputs)
            .map(f -> PublicTraceLocations.current().resolve("--throughputs", f));
    return new ConversionSettings(seed, rates, window, badRows);
  }

  /**
   * IN, found here or among the public traces; one line naming the fetch command when it is
   * nowhere.
   */
  private Path located() {
    return PublicTraceLocations.current().resolve("IN", input);
  }

  /** One line on what was read and left out. */
  static String summary(ConvertedTrace trace) {
    return trace.jobs().size()
        + " jobs ("
        + trace.sourceJobs()
        + " read; left out: "
        + trace.skippedRows()
        + " bad rows, "
        + trace.otherVirtualClusters()
        + " in other virtual clusters, "
        + trace.withoutWork()
        + " without work, "
        + (trace.sourceJobs()
            - trace.otherVirtualClusters()
            - trace.withoutWork()
            - trace.jobs().size())
        + " outside the window; "
        + trace.cappedGpus()
        + " with GPUs capped at "
        + TraceMapping.GPU_CAP
        + ")";
  }

  /**
   * The trace name: the input file name without its extension (or the virtual cluster of a
   * directory).
   */
  String traceName() {
    String name = input.getFileName() == null ? "trace" : input.getFileName().toString();
    if (virtualCluster != null && located().toFile().isDirectory()) {
      return virtualCluster;
    }
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
