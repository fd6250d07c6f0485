package dl2.shard;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import dl2.io.Provenance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A shard's output file, {@code shard.json}: the experiment it belongs to (its identity, which
 * every shard and the merge must share), which shard of how many it is, and the result of every
 * unit it computed. Numbers are hexadecimal floating point ({@link Double#toHexString}), which
 * reads back bit for bit, so that the merge's tables are a local run's to the byte.
 *
 * @param experiment the identity of the experiment (studies, preset, seed, budget ...)
 * @param shard which shard, counted from 0
 * @param shards how many shards the experiment was cut into
 */
public record ShardResult(
    String format, int version, String experiment, int shard, int shards, List<UnitResult> units) {
  public static final String FILE = "shard.json";
  static final String FORMAT = "dl2-experiment-shard";
  static final int VERSION = 1;

  /** One unit's result: its key, what it computed, and its numbers. */
  public record UnitResult(String key, String what, List<String> values) {
    public static UnitResult of(String key, String what, double[] numbers) {
      return new UnitResult(
          key, what, java.util.Arrays.stream(numbers).mapToObj(Double::toHexString).toList());
    }

    public double[] numbers() {
      return values.stream().mapToDouble(Double::parseDouble).toArray();
    }
  }

  public ShardResult {
    units = List.copyOf(units);
  }

  public static ShardResult of(String experiment, Shard shard, List<UnitResult> units) {
    return new ShardResult(FORMAT, VERSION, experiment, shard.index(), shard.count(), units);
  }

  /** The file's bytes. */
  public byte[] bytes() {
    ObjectNode fields = Json.mapper().valueToTree(this);
    return (Json.pretty().writeValueAsString(Provenance.stamped("shard", VERSION, fields)) + "\n")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Writes {@code DIR/shard.json} atomically. */
  public void write(Path dir) {
    try {
      AtomicFiles.write(dir.resolve(FILE), bytes());
    } catch (IOException e) {
      throw new InputException("cannot write " + dir.resolve(FILE) + ": " + OutputPaths.reason(e));
    }
  }

  /** Reads {@code DIR/shard.json}; a missing or bad file is a one-line input error. */
  public static ShardResult read(Path dir) {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      throw InputException.inFile(
          dir.toString(),
          "no "
              + FILE
              + " here: not the output of experiment --shard, or the shard did not finish");
    }
    return parse(OutputPaths.readInput(file), file.toString());
  }

  /** Reads a shard's file from {@code bytes}; {@code source} names it in errors. */
  public static ShardResult parse(byte[] bytes, String source) {
    ShardResult result;
    try {
      JsonNode tree = Json.mapper().readTree(bytes);
      if (tree instanceof ObjectNode object) {
        object.remove(Provenance.FIELD); // which build wrote it: not part of the result
      }
      result = Json.mapper().treeToValue(tree, ShardResult.class);
    } catch (JacksonException e) {
      throw InputException.inFile(
          source, "not a shard's output: " + Json.jackson2Words(e.getOriginalMessage()));
    }
    if (result == null || !FORMAT.equals(result.format()) || result.version() != VERSION) {
      throw InputException.inFile(
          source,
          "not a shard's output of this version of dl2 (format " + FORMAT + " " + VERSION + ")");
    }
    if (result.shards() < 1
        || result.shard() < 0
        || result.shard() >= result.shards()
        || result.units().stream()
            .anyMatch(u -> u.key() == null || u.what() == null || u.values() == null)) {
      throw InputException.inFile(source, "a damaged shard's output");
    }
    return result;
  }
}
