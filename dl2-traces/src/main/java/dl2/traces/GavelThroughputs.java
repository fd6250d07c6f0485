package dl2.traces;

import dl2.io.InputException;
import dl2.workload.JsonText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Gavel's {@code simulation_throughputs.json}: the isolated steps per second of each job type on
 * one {@link TraceMapping#GAVEL_REFERENCE_GPU}, key {@code ('<job_type>', 1)}, field {@code null}.
 */
final class GavelThroughputs {
  static final String FILE_NAME = "simulation_throughputs.json";

  /**
   * How many directories above a trace to look for the file ({@code
   * gavel/scheduler/traces/msr/seed=0/x.trace}).
   */
  private static final int SEARCH_DEPTH = 5;

  private static final Pattern KEY = Pattern.compile("\\('(.+)', (\\d+)\\)");

  private final Map<String, Double> oneGpuStepsPerSecond;

  private GavelThroughputs(Map<String, Double> oneGpuStepsPerSecond) {
    this.oneGpuStepsPerSecond = oneGpuStepsPerSecond;
  }

  /** The given file, or the nearest {@value #FILE_NAME} in the directories above {@code trace}. */
  static GavelThroughputs forTrace(Path trace, Optional<Path> given) {
    if (given.isPresent()) {
      return load(given.get());
    }
    Path dir = trace.toAbsolutePath().getParent();
    for (int i = 0; i < SEARCH_DEPTH && dir != null; i++, dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(FILE_NAME))) {
        return load(dir.resolve(FILE_NAME));
      }
    }
    throw InputException.inFile(
        trace.toString(),
        "Gavel traces need the step rates in "
            + FILE_NAME
            + ", which is not in the directories above it: give --throughputs FILE");
  }

  static GavelThroughputs load(Path path) {
    String file = path.toString();
    JsonNode root = JsonText.read(path);
    JsonNode gpu = root == null ? null : root.get(TraceMapping.GAVEL_REFERENCE_GPU);
    if (gpu == null || !gpu.isObject()) {
      throw InputException.inFile(
          file, "has no '" + TraceMapping.GAVEL_REFERENCE_GPU + "' throughputs");
    }
    Map<String, Double> rates = new HashMap<>();
    for (Map.Entry<String, JsonNode> entry : gpu.properties()) {
      Matcher key = KEY.matcher(entry.getKey());
      JsonNode rate = entry.getValue().get("null");
      if (key.matches()
          && key.group(2).equals("1")
          && rate != null
          && rate.isNumber()
          && rate.asDouble() > 0) {
        rates.put(key.group(1), rate.asDouble());
      }
    }
    if (rates.isEmpty()) {
      throw InputException.inFile(
          file,
          "has no isolated 1-GPU throughputs under '" + TraceMapping.GAVEL_REFERENCE_GPU + "'");
    }
    return new GavelThroughputs(rates);
  }

  /** Steps per second of {@code jobType} alone on one reference GPU, if measured. */
  Optional<Double> oneGpuStepsPerSecond(String jobType) {
    return Optional.ofNullable(oneGpuStepsPerSecond.get(jobType));
  }

  private static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }
}
