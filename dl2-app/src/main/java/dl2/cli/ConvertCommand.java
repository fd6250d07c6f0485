package dl2.cli;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.output.OwnFile;
import dl2.traces.ConvertedTrace;
import dl2.workload.NativeTraceReader;
import dl2.workload.Presets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 convert}: a public trace (Pollux, Gavel, Tiresias, ElasticFlow) to the native trace
 * format (docs/traces.md).
 */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    description =
        "Convert a public trace to dl2's native trace CSV (job_id,submit_time_s,model,epochs); "
            + "arrivals re-based to 0 s, jobs numbered 1..N in arrival order; with --split, windows of a train, validation or test "
            + "part of the trace's time span.")
final class ConvertCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ConversionOptions conversion;
  @Mixin SplitOptions splits;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "The native trace file to write (atomically).")
  Path out;

  @Option(
      names = "--force",
      description =
          "Replace an existing --out file that is not a converted trace (otherwise refused; one with"
              + " exactly convert's header is replaced without it).")
  boolean force;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    if (out != null) {
      // a trace with exactly convert's header is taken for an earlier conversion
      OwnFile.csv("a converted trace", NativeTraceReader.REQUIRED)
          .checkReplaceable("--out", out, force);
    }
    if (splits.outDir != null) {
      OutputPaths.checkDirectory("--out-dir", splits.outDir);
    }
    int slotSeconds = Presets.PAPER_LARGE.slotSeconds();
    if (splits.used()) {
      splits.run(conversion, out, slotSeconds, stdout, spec.commandLine().getErr());
      stdout.flush();
      return 0;
    }
    if (out == null) {
      throw new InputException("--out FILE is needed (or --list with --window-jobs)");
    }
    ConvertedTrace trace = conversion.convert(spec.commandLine().getErr());
    OutputPaths.writeText(out, trace.csv());
    stdout.printf(
        Locale.ROOT,
        "wrote %s: %s; arrivals span %.0f s (%.1f slots of %d s)%n",
        out,
        ConversionOptions.summary(trace),
        trace.arrivalSpanSeconds(),
        trace.arrivalSpanSeconds() / slotSeconds,
        slotSeconds);
    stdout.flush();
    return 0;
  }
}
