package dl2.report;

import dl2.bounds.CapacityBound;
import dl2.io.Json;
import dl2.io.Provenance;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON formats of {@code dl2 simulate --json} and of compare's results.json. Keys are
 * snake_case; times are in slots with full double precision (Jackson writes Java's Double.toString,
 * which reads back to the same double).
 */
public final class ResultsJson {
  /** The provenance's format names of the two files. */
  public static final String SIMULATION_FORMAT = "simulation";

  public static final String COMPARISON_FORMAT = "comparison";

  private ResultsJson() {}

  /**
   * {@code {"scheduler", "workload", "seed", "trace_set", "mean_avg_jct", "mean_waiting", "traces":
   * [{name, seed?, avg_jct, makespan, avg_waiting, jobs: [{id, arrival_slot, first_start_slot,
   * waiting, jct}]}]}}.
   */
  public static ObjectNode simulation(
      SchedulerRun run, String workload, long baseSeed, String traceSet) {
    ObjectNode root = Provenance.root(SIMULATION_FORMAT, 1);
    root.put("scheduler", run.scheduler());
    root.put("workload", workload);
    root.put("seed", baseSeed);
    root.put("trace_set", traceSet);
    root.put("mean_avg_jct", run.meanAvgJct());
    number(root, "mean_waiting", run.meanWaitingSlots());
    ArrayNode traces = root.putArray("traces");
    for (TraceOutcome trace : run.traces()) {
      ObjectNode node = traces.addObject();
      node.put("name", trace.name());
      trace.generatorSeed().ifPresent(seed -> node.put("seed", seed));
      node.put("avg_jct", trace.avgJctSlots());
      node.put("makespan", trace.makespanSlots());
      number(node, "avg_waiting", trace.avgWaitingSlots());
      ArrayNode jobs = node.putArray("jobs");
      for (JobOutcome job : trace.jobs()) {
        jobs.addObject()
            .put("id", job.id())
            .put("arrival_slot", job.arrivalSlot())
            .put("first_start_slot", job.firstStartSlot())
            .put("waiting", job.waitingSlots())
            .put("jct", job.jctSlots());
      }
    }
    return root;
  }

  /**
   * {@code {"workload", "seed", "trace_set", "traces": [names], "best_heuristic", "confidence":
   * {...}, "schedulers": {name: {mean_avg_jct, mean_avg_jct_ci, mean_makespan, avg_jct: [...],
   * makespan: [...], p50_jct, p95_jct, p99_jct, mean_waiting, avg_waiting: [...], jobs}}, "versus":
   * {reference: {reference, schedulers: {name: {...}}}}}}, schedulers in run order (docs/report.md
   * lists every field).
   */
  public static ObjectNode comparison(Comparison comparison) {
    ComparisonStats stats = new ComparisonStats(comparison);
    ObjectNode root = Provenance.root(COMPARISON_FORMAT, 1);
    root.put("workload", comparison.workload());
    root.put("seed", comparison.baseSeed());
    root.put("trace_set", comparison.traceSet());
    ArrayNode names = root.putArray("traces");
    comparison.traceNames().forEach(names::add);
    comparison
        .bestHeuristic()
        .ifPresentOrElse(
            best -> root.put("best_heuristic", best), () -> root.putNull("best_heuristic"));
    if (!comparison.references().isEmpty()) {
      ArrayNode references = root.putArray("references");
      comparison.references().forEach(references::add);
    }
    ObjectNode confidence = root.putObject("confidence");
    confidence.put("level", PairedBootstrap.LEVEL);
    confidence.put("method", "percentile bootstrap over traces, paired for comparisons");
    confidence.put("resamples", PairedBootstrap.RESAMPLES);
    ObjectNode schedulers = root.putObject("schedulers");
    for (SchedulerRun run : comparison.runs()) {
      ObjectNode node = schedulers.putObject(run.scheduler());
      node.put("mean_avg_jct", run.meanAvgJct());
      interval(node, "mean_avg_jct_ci", stats.meanInterval(run.scheduler()));
      node.put("mean_makespan", run.meanMakespan());
      ArrayNode jcts = node.putArray("avg_jct");
      ArrayNode makespans = node.putArray("makespan");
      ArrayNode waiting = node.putArray("avg_waiting");
      for (TraceOutcome trace : run.traces()) {
        jcts.add(trace.avgJctSlots());
        makespans.add(trace.makespanSlots());
        addNumber(waiting, trace.avgWaitingSlots());
      }
      for (int percent : new int[] {50, 95, 99}) {
        number(node, "p" + percent + "_jct", run.jctPercentile(percent));
      }
      number(node, "mean_waiting", run.meanWaitingSlots());
      node.put("jobs", run.traces().stream().mapToInt(t -> t.jobs().size()).sum());
    }
    ObjectNode versus = root.putObject("versus");
    for (Reference reference : stats.references()) {
      ObjectNode node = versus.putObject(reference.jsonKey());
      node.put("reference", reference.scheduler());
      ObjectNode rows = node.putObject("schedulers");
      for (SchedulerRun run : comparison.runs()) {
        PairedComparison pair = stats.versus(run.scheduler(), reference);
        ObjectNode row = rows.putObject(run.scheduler());
        row.put("jct_ratio", pair.jctRatio());
        interval(row, "jct_ratio_ci", pair.jctRatioInterval());
        row.put("mean_difference", pair.meanDifference());
        interval(row, "mean_difference_ci", pair.differenceInterval());
        row.put("traces_lower", pair.tracesLower());
        row.put("traces_higher", pair.tracesHigher());
        row.put("traces_tied", pair.tracesTied());
      }
    }
    return root;
  }

  /** A finite number, or null (JSON has no NaN). */
  private static void number(ObjectNode node, String key, double value) {
    if (Double.isFinite(value)) {
      node.put(key, value);
    } else {
      node.putNull(key);
    }
  }

  private static void addNumber(ArrayNode array, double value) {
    if (Double.isFinite(value)) {
      array.add(value);
    } else {
      array.addNull();
    }
  }

  /** {@code [low, high]}, or null without an interval. */
  private static void interval(ObjectNode node, String key, PairedBootstrap.Interval interval) {
    if (interval.defined()) {
      node.putArray(key).add(interval.low()).add(interval.high());
    } else {
      node.putNull(key);
    }
  }

  /**
   * Adds {@code "lower_bound": {"mean_avg_jct": ..., "avg_jct": [per trace]}}: the no-contention
   * bound.
   */
  public static ObjectNode withLowerBound(ObjectNode comparison, List<Double> perTrace) {
    ObjectNode node = comparison.putObject("lower_bound");
    node.put(
        "mean_avg_jct",
        perTrace.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
    ArrayNode values = node.putArray("avg_jct");
    perTrace.forEach(values::add);
    return comparison;
  }

  /**
   * Adds {@code "capacity_bound": {"mean_avg_jct", "avg_jct": [per trace], "isolated_avg_jct",
   * "srpt_cores_avg_jct", "srpt_gpus_avg_jct", "priced_avg_jct": [per trace], "binding":
   * [isolated|cores|gpus|priced per trace]}} and {@code "headroom": {"best_heuristic",
   * "best_heuristic_mean_avg_jct", "bound_mean_avg_jct", "headroom", "dl2_mean_avg_jct",
   * "dl2_share_closed"}} (the last two null without dl2 or without headroom; no headroom object
   * without a heuristic).
   */
  public static ObjectNode withCapacityBound(
      ObjectNode comparison, LowerBounds bounds, Comparison runs) {
    ObjectNode node = comparison.putObject("capacity_bound");
    number(node, "mean_avg_jct", bounds.meanCapacity());
    ArrayNode averages = node.putArray("avg_jct");
    ArrayNode isolated = node.putArray("isolated_avg_jct");
    ArrayNode cores = node.putArray("srpt_cores_avg_jct");
    ArrayNode gpus = node.putArray("srpt_gpus_avg_jct");
    ArrayNode priced = node.putArray("priced_avg_jct");
    ArrayNode binding = node.putArray("binding");
    for (CapacityBound.Totals trace : bounds.capacity()) {
      averages.add(trace.averageJct());
      isolated.add(trace.isolated() / trace.jobs());
      cores.add(trace.srptCores() / trace.jobs());
      gpus.add(trace.srptGpus() / trace.jobs());
      priced.add(trace.priced() / trace.jobs());
      binding.add(trace.binding());
    }
    Headroom.of(runs, bounds.meanCapacity())
        .ifPresent(
            h -> {
              ObjectNode headroom = comparison.putObject("headroom");
              headroom.put("best_heuristic", h.bestHeuristic());
              headroom.put("best_heuristic_mean_avg_jct", h.bestHeuristicJct());
              number(headroom, "bound_mean_avg_jct", h.bound());
              number(headroom, "headroom", h.fraction());
              number(headroom, "dl2_mean_avg_jct", h.learnedJct().orElse(Double.NaN));
              number(headroom, "dl2_share_closed", h.learnedShare().orElse(Double.NaN));
            });
    return comparison;
  }

  public static String toJson(JsonNode node) {
    try {
      return Json.pretty().writeValueAsString(node) + System.lineSeparator();
    } catch (JacksonException e) {
      throw new IllegalStateException("cannot serialise a JSON tree", e);
    }
  }
}
