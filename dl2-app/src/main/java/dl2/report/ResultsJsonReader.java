package dl2.report;

import dl2.io.InputException;
import dl2.io.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.JsonNode;

/**
 * Reads compare's results.json back into a {@link Comparison} (the format of {@link ResultsJson}).
 */
public final class ResultsJsonReader {
  private ResultsJsonReader() {}

  /**
   * Reads a results.json back, e.g. to add the learned scheduler or draw charts. The file holds
   * per-trace averages only, so the runs come back without per-job outcomes or slot counts.
   */
  public static Comparison readComparison(Path file) {
    JsonNode root;
    try {
      root = Json.mapper().readTree(file.toFile());
    } catch (JacksonIOException e) {
      throw InputException.inFile(
          file.toString(), "cannot be read as JSON: " + oneLine(e.getCause().getMessage()));
    } catch (JacksonException e) {
      throw InputException.inFile(
          file.toString(),
          "cannot be read as JSON: " + oneLine(Json.jackson2Words(e.getMessage())));
    }
    try {
      List<String> names = new ArrayList<>();
      required(root, "traces").forEach(n -> names.add(n.asString("")));
      List<SchedulerRun> runs = new ArrayList<>();
      Iterator<Map.Entry<String, JsonNode>> it =
          required(root, "schedulers").properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> entry = it.next();
        runs.add(readRun(entry.getKey(), entry.getValue(), names));
      }
      String traceSet =
          root.has("trace_set") ? root.get("trace_set").asString("") : Comparison.UNSPECIFIED;
      List<String> references = new ArrayList<>();
      if (root.has("references")) {
        root.get("references").forEach(n -> references.add(n.asString("")));
      }
      return new Comparison(
          required(root, "workload").asString(""),
          required(root, "seed").asLong(0),
          names,
          runs,
          traceSet,
          references);
    } catch (IllegalArgumentException e) {
      throw InputException.inFile(
          file.toString(), "is not a dl2 results file: " + oneLine(e.getMessage()));
    }
  }

  private static SchedulerRun readRun(String scheduler, JsonNode node, List<String> names) {
    JsonNode jcts = required(node, "avg_jct");
    JsonNode makespans = required(node, "makespan");
    if (jcts.size() != names.size() || makespans.size() != names.size()) {
      throw new IllegalArgumentException(scheduler + " does not have one value per trace");
    }
    List<TraceOutcome> traces = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      traces.add(
          new TraceOutcome(
              names.get(i),
              OptionalLong.empty(),
              Json.number(jcts.get(i)),
              Json.number(makespans.get(i)),
              0,
              List.of()));
    }
    return new SchedulerRun(scheduler, traces);
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s+", " ").trim();
  }

  /**
   * The field's value; without one, an IllegalArgumentException in the words Jackson 2's required()
   * used.
   */
  private static JsonNode required(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value != null) {
      return value;
    }
    throw new IllegalArgumentException(
        node.isObject()
            ? "No value for property '" + field + "' of `ObjectNode`"
            : "Node of type `"
                + (node.isString() ? "TextNode" : node.getClass().getSimpleName())
                + "` has no fields");
  }
}
