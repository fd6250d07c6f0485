package dl2.training;

import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import dl2.io.Provenance;
import dl2.io.TreeCopy;
import dl2.shard.Shard;
import dl2.shard.ShardBalance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Training runs of one command, one per preset and seed, each a train run of its own in {@code
 * OUT/PRESET-seed-SEED/}. The runs are independent, so they are the shards' work: a shard trains
 * its share (dealt by {@link ShardBalance} on each run's steps × jobs), and the merge copies every
 * run from the shard that trained it, once it has checked that the run trained with this command's
 * settings (its {@code train-config.json}, threads aside) and finished.
 */
public final class TrainSweep {
  /** One run of the sweep: its directory under the output and its settings. */
  public record Run(String directory, TrainConfig config) {}

  private final List<Run> runs;

  public TrainSweep(List<TrainConfig> configs) {
    List<Run> list = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (TrainConfig config : configs) {
      String directory = config.budget().preset().name() + "-seed-" + config.budget().seed();
      if (!seen.add(directory)) {
        throw new InputException(
            "the sweep trains " + directory + " twice: give each preset and seed once");
      }
      list.add(new Run(directory, config));
    }
    this.runs = List.copyOf(list);
  }

  public List<Run> runs() {
    return runs;
  }

  /** The runs shard {@code shard} trains, in the sweep's order. */
  public List<Run> shard(Shard shard) {
    List<Double> costs =
        runs.stream()
            .map(
                r ->
                    (double) r.config().budget().steps()
                        * r.config().agents()
                        * r.config().budget().preset().workload().totalJobs())
            .toList();
    int[] owner = ShardBalance.deal(costs, shard.count());
    List<Run> mine = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      if (owner[i] == shard.index()) {
        mine.add(runs.get(i));
      }
    }
    return mine;
  }

  /**
   * The directory of every run, in the sweep's order, found in the one of {@code shardDirs} that
   * holds it and checked: each run in exactly one shard, trained with its settings, finished.
   */
  public List<Path> locate(List<Path> shardDirs) {
    List<Path> sources = new ArrayList<>();
    for (Run run : runs) {
      List<Path> holders =
          shardDirs.stream()
              .map(d -> d.resolve(run.directory()))
              .filter(Files::isDirectory)
              .toList();
      if (holders.size() != 1) {
        throw new InputException(
            "--merge: "
                + (holders.isEmpty()
                    ? "no shard holds the run "
                        + run.directory()
                        + ": merge every shard of the sweep"
                    : "two shards hold the run "
                        + run.directory()
                        + " ("
                        + holders.get(0)
                        + ", "
                        + holders.get(1)
                        + ")"));
      }
      check(run, holders.get(0));
      sources.add(holders.get(0));
    }
    return sources;
  }

  /**
   * Copies the runs found by {@link #locate} into {@code out}, each whole; the copies' directories.
   */
  public List<Path> copy(List<Path> sources, Path out) {
    try {
      List<Path> copied = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        Path target = out.resolve(runs.get(i).directory());
        TreeCopy.copy(sources.get(i), target);
        copied.add(target);
      }
      return copied;
    } catch (IOException e) {
      throw new InputException(
          "cannot copy the shards' runs into " + out + ": " + OutputPaths.reason(e));
    }
  }

  /**
   * The run in {@code dir} trained with {@code run}'s settings (threads aside: results do not
   * depend on them) and finished.
   */
  private static void check(Run run, Path dir) {
    Path file = dir.resolve(TrainConfigFile.FILE);
    if (!Files.isRegularFile(file) || !Files.isRegularFile(dir.resolve(TestEvaluation.FILE))) {
      throw new InputException(
          "--merge: the run in "
              + dir
              + " has not finished (no "
              + TestEvaluation.FILE
              + "): finish its shard "
              + "first, e.g. with --resume");
    }
    String text = new String(OutputPaths.readInput(file), StandardCharsets.UTF_8);
    JsonNode found;
    try {
      found = Json.mapper().readTree(text);
    } catch (RuntimeException e) {
      throw InputException.inFile(file.toString(), "not a train-config.json dl2 can read");
    }
    ObjectNode wanted = TrainConfigFile.tree(run.config());
    if (found != null && found.has("threads")) {
      wanted.put("threads", found.get("threads").asInt());
    }
    if (found != null && found.has(Provenance.FIELD)) {
      // which build wrote the run is no setting: take the file's own provenance
      ObjectNode stamped = Json.mapper().createObjectNode();
      stamped.set(Provenance.FIELD, found.get(Provenance.FIELD));
      stamped.setAll(wanted);
      wanted = stamped;
    }
    if (!text.equals(Json.pretty().writeValueAsString(wanted) + "\n")) {
      throw new InputException(
          "--merge: the run in "
              + dir
              + " trained with other settings than this sweep's "
              + run.directory()
              + " (its "
              + TrainConfigFile.FILE
              + " differs)");
    }
  }
}
