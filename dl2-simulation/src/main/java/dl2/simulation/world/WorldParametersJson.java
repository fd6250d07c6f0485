package dl2.simulation.world;

import dl2.io.InputException;
import dl2.io.Json;
import dl2.model.JobType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The realistic world's parameter file (JSON): the parameters, their sources with checksums, and
 * diagnostics.
 */
public final class WorldParametersJson {
  /** The committed calibration on the class path, produced by {@code dl2 calibrate-world}. */
  public static final String COMMITTED_RESOURCE = "/dl2/simulation/world/realistic-world.json";

  static final String FORMAT = "dl2-realistic-world";
  static final int VERSION = 1;

  private WorldParametersJson() {}

  /** The committed parameter file's text. */
  public static String committedText() {
    try (InputStream in = WorldParametersJson.class.getResourceAsStream(COMMITTED_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "the realistic world's parameters "
                + COMMITTED_RESOURCE
                + " are missing from the build");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + COMMITTED_RESOURCE, e);
    }
  }

  /** The committed parameters. */
  public static WorldParameters committed() {
    return read(committedText(), COMMITTED_RESOURCE);
  }

  /**
   * The file's text; doubles are written exactly (Double.toString, which reads back to the same
   * double).
   */
  public static String write(WorldParameters p, String calibratedBy) {
    ObjectNode root = Json.mapper().createObjectNode();
    root.put("format", FORMAT);
    root.put("version", VERSION);
    root.put("calibratedBy", calibratedBy);
    ObjectNode params = root.putObject("parameters");
    params.put("throughputLogSd", p.throughputLogSd());
    params.put("commRatioLogSd", p.commRatioLogSd());
    params.put("correlation", p.correlation());
    params.put("intraNodeCommFactor", p.intraNodeCommFactor());
    params.put("fluctuationLogSd", p.fluctuationLogSd());
    ObjectNode colocated = params.putObject("colocatedThroughput");
    ArrayNode types = colocated.putArray("types");
    ArrayNode rows = colocated.putArray("rows");
    double[][] s = p.colocatedThroughput();
    for (JobType type : JobType.values()) {
      types.add(type.modelName());
      ArrayNode row = rows.addArray();
      for (double value : s[type.ordinal()]) {
        row.add(value);
      }
    }
    ArrayNode sources = root.putArray("sources");
    for (WorldParameters.Source source : p.sources()) {
      ObjectNode node = sources.addObject();
      node.put("path", source.path());
      node.put("upstream", source.upstream());
      node.put("licence", source.licence());
      node.put("sha256", source.sha256());
    }
    ObjectNode diagnostics = root.putObject("diagnostics");
    new TreeMap<>(p.diagnostics()).forEach(diagnostics::put);
    try {
      return Json.pretty().writeValueAsString(root) + System.lineSeparator();
    } catch (JacksonException e) {
      throw new IllegalStateException(
          "cannot render the world parameters: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Parses {@code text} read from {@code file}; bad content is an {@link InputException} naming the
   * field.
   */
  public static WorldParameters read(String text, String file) {
    JsonNode root;
    try {
      root = Json.mapper().readTree(text);
    } catch (JacksonException e) {
      throw InputException.inFile(
          file, "is not valid JSON: " + Json.jackson2Words(e.getOriginalMessage()));
    }
    if (root == null
        || !FORMAT.equals(root.path("format").asString(""))
        || root.path("version").asInt(0) != VERSION) {
      throw InputException.inFile(file, "is not a " + FORMAT + " version " + VERSION + " file");
    }
    JsonNode params = root.path("parameters");
    double[][] s = colocated(params.path("colocatedThroughput"), file);
    List<WorldParameters.Source> sources = new ArrayList<>();
    for (JsonNode node : root.path("sources")) {
      sources.add(
          new WorldParameters.Source(
              text(node, "path", file),
              text(node, "upstream", file),
              text(node, "licence", file),
              text(node, "sha256", file)));
    }
    Map<String, Double> diagnostics = new TreeMap<>();
    root.path("diagnostics")
        .properties()
        .forEach(e -> diagnostics.put(e.getKey(), Json.number(e.getValue())));
    try {
      return new WorldParameters(
          number(params, "throughputLogSd", file),
          number(params, "commRatioLogSd", file),
          number(params, "correlation", file),
          number(params, "intraNodeCommFactor", file),
          number(params, "fluctuationLogSd", file),
          s,
          sources,
          diagnostics);
    } catch (IllegalArgumentException e) {
      throw InputException.inFile(file, "parameters: " + e.getMessage());
    }
  }

  private static double[][] colocated(JsonNode node, String file) {
    JsonNode types = node.path("types");
    JsonNode rows = node.path("rows");
    int count = JobType.values().length;
    if (types.size() != count || rows.size() != count) {
      throw InputException.inFile(
          file, "field colocatedThroughput needs " + count + " types and " + count + " rows");
    }
    double[][] s = new double[count][count];
    for (int k = 0; k < count; k++) {
      if (!JobType.values()[k].modelName().equals(types.get(k).asString(""))) {
        throw InputException.inFile(
            file,
            "field colocatedThroughput.types["
                + k
                + "] must be "
                + JobType.values()[k].modelName());
      }
      JsonNode row = rows.get(k);
      for (int j = 0; j < count; j++) {
        if (row.size() != count || !row.get(j).isNumber()) {
          throw InputException.inFile(
              file, "field colocatedThroughput.rows[" + k + "] needs " + count + " numbers");
        }
        s[k][j] = row.get(j).asDouble();
      }
    }
    return s;
  }

  private static double number(JsonNode params, String field, String file) {
    JsonNode value = params.get(field);
    if (value == null || !value.isNumber()) {
      throw InputException.inFile(
          file, "field parameters." + field + " is missing or not a number");
    }
    return value.asDouble();
  }

  private static String text(JsonNode node, String field, String file) {
    JsonNode value = node.get(field);
    if (value == null || !value.isString()) {
      throw InputException.inFile(file, "field sources[]." + field + " is missing or not text");
    }
    return value.asString();
  }
}
