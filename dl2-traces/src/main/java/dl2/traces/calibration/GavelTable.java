package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.io.Json;
import dl2.workload.JsonText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Gavel's {@code simulation_throughputs.json}: per GPU (k80, p100, v100 and their {@code
 * _unconsolidated} variants), per key {@code ('<job type>', <scale factor>)}, the isolated steps/s
 * under {@code "null"} and, under each co-runner's key, [own, co-runner] steps/s when the two share
 * one GPU. Zeros mean the pair did not fit; they are dropped.
 */
final class GavelTable {
  static final String FILE = "gavel/scheduler/simulation_throughputs.json";
  private static final Pattern KEY = Pattern.compile("\\('(.+)', (\\d+)\\)");
  private static final Pattern BATCH = Pattern.compile("(.+) \\(batch size (\\d+)\\)");

  /**
   * A job type alone: {@code family} without the batch note, {@code batchSize} 0 when the name has
   * none.
   */
  record Isolated(
      String gpu,
      String jobType,
      String family,
      int batchSize,
      int scaleFactor,
      double stepsPerSecond) {}

  /**
   * {@code jobType} sharing a GPU with {@code other}: its own steps/s there and alone; infeasible
   * pairs have 0.
   */
  record Colocated(
      String gpu,
      String jobType,
      String other,
      double ownStepsPerSecond,
      double isolatedStepsPerSecond) {
    /** Whether both jobs ran together (Gavel stores 0 for pairs that did not fit). */
    boolean feasible() {
      return ownStepsPerSecond > 0;
    }
  }

  final List<Isolated> isolated = new ArrayList<>();
  final List<Colocated> colocated = new ArrayList<>();

  static GavelTable read(Path path) {
    String file = path.toString();
    JsonNode root = JsonText.read(path);
    if (root == null || !root.isObject()) {
      throw InputException.inFile(file, "is not a JSON object of GPU types");
    }
    GavelTable table = new GavelTable();
    for (Map.Entry<String, JsonNode> gpu : root.properties()) {
      for (Map.Entry<String, JsonNode> job : gpu.getValue().properties()) {
        table.addJob(file, gpu.getKey(), job.getKey(), job.getValue());
      }
    }
    if (table.isolated.isEmpty()) {
      throw InputException.inFile(file, "has no isolated throughputs ('null' entries)");
    }
    return table;
  }

  private void addJob(String file, String gpu, String key, JsonNode entry) {
    Matcher name = KEY.matcher(key);
    JsonNode alone = entry.get("null");
    if (!name.matches() || alone == null || !alone.isNumber()) {
      throw InputException.inFile(
          file,
          "field '"
              + gpu
              + "."
              + key
              + "': expected a key ('<job type>', <scale factor>) "
              + "with a number under \"null\"");
    }
    String jobType = name.group(1);
    double iso = alone.asDouble();
    if (!(iso > 0)) {
      return;
    }
    Matcher batch = BATCH.matcher(jobType);
    String family = batch.matches() ? batch.group(1) : jobType;
    int batchSize = batch.matches() ? Integer.parseInt(batch.group(2)) : 0;
    isolated.add(
        new Isolated(gpu, jobType, family, batchSize, Integer.parseInt(name.group(2)), iso));
    for (Map.Entry<String, JsonNode> pair : entry.properties()) {
      if (pair.getKey().equals("null")) {
        continue;
      }
      Matcher other = KEY.matcher(pair.getKey());
      JsonNode rates = pair.getValue();
      if (!other.matches() || !rates.isArray() || rates.size() != 2) {
        throw InputException.inFile(
            file,
            "field '"
                + gpu
                + "."
                + key
                + "."
                + pair.getKey()
                + "': expected a co-runner key with [own, other] steps/s");
      }
      double own = Json.number(rates.get(0));
      boolean ran = own > 0 && Json.number(rates.get(1)) > 0;
      colocated.add(new Colocated(gpu, jobType, other.group(1), ran ? own : 0, iso));
    }
  }
}
