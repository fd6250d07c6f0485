package dl2.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dl2.model.InputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The JSON formats of {@code dl2 simulate --json} and of compare's results.json. Keys are
 * snake_case; times are in slots with full double precision (Jackson writes the shortest string
 * that reads back to the same double).
 */
public final class ResultsJson {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultsJson() {}

  /** {@code {"scheduler", "workload", "seed", "mean_avg_jct", "traces": [{name, seed?, avg_jct, makespan, jobs}]}}. */
  public static ObjectNode simulation(SchedulerRun run, String workload, long baseSeed) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("scheduler", run.scheduler());
    root.put("workload", workload);
    root.put("seed", baseSeed);
    root.put("mean_avg_jct", run.meanAvgJct());
    ArrayNode traces = root.putArray("traces");
    for (TraceOutcome trace : run.traces()) {
      ObjectNode node = traces.addObject();
      node.put("name", trace.name());
      trace.generatorSeed().ifPresent(seed -> node.put("seed", seed));
      node.put("avg_jct", trace.avgJctSlots());
      node.put("makespan", trace.makespanSlots());
      ArrayNode jobs = node.putArray("jobs");
      for (JobOutcome job : trace.jobs()) {
        jobs.addObject().put("id", job.id()).put("arrival_slot", job.arrivalSlot()).put("jct", job.jctSlots());
      }
    }
    return root;
  }

  /**
   * {@code {"workload", "seed", "traces": [names], "schedulers": {name: {mean_avg_jct,
   * mean_makespan, avg_jct: [...], makespan: [...]}}}}, schedulers in run order.
   */
  public static ObjectNode comparison(Comparison comparison) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("workload", comparison.workload());
    root.put("seed", comparison.baseSeed());
    ArrayNode names = root.putArray("traces");
    comparison.traceNames().forEach(names::add);
    ObjectNode schedulers = root.putObject("schedulers");
    for (SchedulerRun run : comparison.runs()) {
      ObjectNode node = schedulers.putObject(run.scheduler());
      node.put("mean_avg_jct", run.meanAvgJct());
      node.put("mean_makespan", run.meanMakespan());
      ArrayNode jcts = node.putArray("avg_jct");
      ArrayNode makespans = node.putArray("makespan");
      for (TraceOutcome trace : run.traces()) {
        jcts.add(trace.avgJctSlots());
        makespans.add(trace.makespanSlots());
      }
    }
    return root;
  }

  /** Adds {@code "lower_bound": {"mean_avg_jct": ..., "avg_jct": [per trace]}}: the no-contention bound. */
  public static ObjectNode withLowerBound(ObjectNode comparison, List<Double> perTrace) {
    ObjectNode node = comparison.putObject("lower_bound");
    node.put("mean_avg_jct", perTrace.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
    ArrayNode values = node.putArray("avg_jct");
    perTrace.forEach(values::add);
    return comparison;
  }

  /**
   * Reads a results.json back, e.g. to add the learned scheduler or draw charts. The file holds
   * per-trace averages only, so the runs come back without per-job outcomes or slot counts.
   */
  public static Comparison readComparison(Path file) {
    JsonNode root;
    try {
      root = MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw InputException.inFile(file.toString(), "cannot be read as JSON: " + oneLine(e.getMessage()));
    }
    try {
      List<String> names = new ArrayList<>();
      root.required("traces").forEach(n -> names.add(n.asText()));
      List<SchedulerRun> runs = new ArrayList<>();
      Iterator<Map.Entry<String, JsonNode>> it = root.required("schedulers").properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> entry = it.next();
        runs.add(readRun(entry.getKey(), entry.getValue(), names));
      }
      return new Comparison(root.required("workload").asText(), root.required("seed").asLong(), names, runs);
    } catch (IllegalArgumentException e) {
      throw InputException.inFile(file.toString(), "is not a dl2 results file: " + oneLine(e.getMessage()));
    }
  }

  private static SchedulerRun readRun(String scheduler, JsonNode node, List<String> names) {
    JsonNode jcts = node.required("avg_jct");
    JsonNode makespans = node.required("makespan");
    if (jcts.size() != names.size() || makespans.size() != names.size()) {
      throw new IllegalArgumentException(scheduler + " does not have one value per trace");
    }
    List<TraceOutcome> traces = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      traces.add(new TraceOutcome(names.get(i), OptionalLong.empty(), jcts.get(i).asDouble(), makespans.get(i).asDouble(), 0, List.of()));
    }
    return new SchedulerRun(scheduler, traces);
  }

  public static String toJson(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node) + System.lineSeparator();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a JSON tree", e);
    }
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s+", " ").trim();
  }
}
