package dl2.cli;

import dl2.io.OutputPaths;
import dl2.run.PublicTraceLocations;
import dl2.simulation.world.WorldParametersJson;
import dl2.traces.calibration.WorldCalibration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 calibrate-world}: the realistic world's parameters from the public measurements
 * (docs/realistic-world.md).
 */
@Command(
    name = "calibrate-world",
    mixinStandardHelpOptions = true,
    description =
        "Fix the realistic world's parameters from public measurements (Gavel, ElasticFlow, Pollux) and "
            + "print how each was derived; says whether they equal the committed calibration.")
final class CalibrateWorldCommand implements Callable<Integer> {
  static final String COMMAND = "./dl2 calibrate-world --traces ../shared/traces";

  @Spec CommandSpec spec;

  @Option(
      names = "--traces",
      paramLabel = "DIR",
      description =
          "The public traces folder (gavel/, ElasticFlow/, adaptdl/; "
              + "default: the one dl2 traces where names).")
  Path traces;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write the parameter file (JSON) to FILE.")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    if (out != null) {
      OutputPaths.checkFile("--out", out);
    }
    Path folder =
        traces != null
            ? PublicTraceLocations.current().resolve("--traces", traces)
            : PublicTraceLocations.current().requireRoot();
    WorldCalibration.Result result = WorldCalibration.calibrate(folder);
    String text = WorldParametersJson.write(result.parameters(), COMMAND);
    String from = traces != null ? traces.toString() : "the public traces";
    stdout.println(
        "realistic world calibrated from "
            + from
            + " ("
            + result.parameters().sources().size()
            + " files):");
    result.summary().forEach(line -> stdout.println("  " + line));
    boolean same = text.equals(WorldParametersJson.committedText());
    stdout.println(
        same
            ? "identical to the committed calibration " + WorldParametersJson.COMMITTED_RESOURCE
            : "differs from the committed calibration " + WorldParametersJson.COMMITTED_RESOURCE);
    if (out != null) {
      OutputPaths.writeText(out, text);
      stdout.println("wrote " + out);
    }
    stdout.flush();
    return 0;
  }
}
