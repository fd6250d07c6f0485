package dl2.cli;

import dl2.model.GpuCatalogue;
import dl2.model.JobType;
import dl2.run.PublicTraceLocations;
import dl2.traces.calibration.GpuTypeCalibration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 calibrate-gpus}: the GPU types' speed factors from the public measurements
 * (docs/heterogeneous-clusters.md).
 */
@Command(
    name = "calibrate-gpus",
    mixinStandardHelpOptions = true,
    description =
        "Derive each GPU type's speed factor per job type from public measurements (Gavel, "
            + "ElasticFlow) and say whether they equal the committed catalogue.")
final class CalibrateGpusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--traces",
      paramLabel = "DIR",
      description =
          "The public traces folder (gavel/, ElasticFlow/; default: the one dl2 traces where names).")
  Path traces;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    Path folder =
        traces != null
            ? PublicTraceLocations.current().resolve("--traces", traces)
            : PublicTraceLocations.current().requireRoot();
    GpuTypeCalibration.Result result = GpuTypeCalibration.calibrate(folder);
    stdout.println("speed factor per job type (1 = dl2's curve, the fastest GPU of the family):");
    StringBuilder header = new StringBuilder("gpu  ");
    for (JobType type : JobType.values()) {
      String name = type.modelName();
      header.append(
          String.format(Locale.ROOT, " %6s", name.substring(0, Math.min(6, name.length()))));
    }
    stdout.println(header);
    result.summary().forEach(stdout::println);
    stdout.println(
        result.matchesCatalogue()
            ? "identical to the committed catalogue (GpuCatalogue: " + GpuCatalogue.names() + ")"
            : "differs from the committed catalogue (GpuCatalogue: " + GpuCatalogue.names() + ")");
    stdout.flush();
    return 0;
  }
}
