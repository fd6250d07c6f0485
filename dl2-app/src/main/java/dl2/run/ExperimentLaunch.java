package dl2.run;

import dl2.console.StudyBars;
import dl2.experiment.ExperimentRun;
import dl2.experiment.ShardedExperiment;
import dl2.experiment.Studies;
import dl2.experiment.Study;
import dl2.experiment.StudyContext;
import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.io.TreeCopy;
import dl2.output.RunOutput;
import dl2.shard.Shard;
import dl2.shard.ShardOutput;
import dl2.shard.ShardResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What {@code dl2 experiment} does once its options are parsed: every study here (the default), one
 * shard of their work units, the merge of all shards' outputs, or, with the shards' results
 * gathered elsewhere (a Kubernetes sweep), the merge of those.
 *
 * @param commandLine the command line, for the output's lock and marker
 */
public record ExperimentLaunch(
    List<Study> studies,
    StudyContext context,
    Path out,
    boolean quick,
    boolean force,
    Path sharedTraces,
    String commandLine,
    PrintWriter stdout,
    PrintWriter err) {
  /** Training runs under --out, kept across report rewrites. */
  static final String RUNS = "runs";

  /** The name a shard's output carries in a pod's log. */
  public static final String PRINTED_NAME = "experiment-shard";

  static final String SHARD_KIND = "experiment shard";

  /** Every study here, as the command always ran. */
  public int local() {
    Studies.checkInputs(studies, sharedTraces, quick);
    try (RunOutput output = claim("experiment")) {
      output.mark();
      return report(context, output);
    }
  }

  /**
   * Shard {@code shard}: its results into {@code --out} ({@code shard.json}, runs under runs/), or
   * for {@code -} printed on stdout, or into {@code shardFile} if given.
   */
  public int shard(Shard shard, Path shardFile) {
    ShardedExperiment sharded = new ShardedExperiment(studies, context);
    if (out.toString().equals("-")) {
      Path scratch = ScratchDirectories.create("dl2-shard-");
      try {
        ShardResult result = sharded.runShard(shard, scratch, new StudyBars(err));
        err.println("shard " + shard + ": " + result.units().size() + " work units computed");
        err.flush();
        ShardOutput.print(PRINTED_NAME, result.bytes(), shard, shardFile, stdout);
      } finally {
        ScratchDirectories.delete(scratch);
      }
      return 0;
    }
    try (RunOutput output = claim(SHARD_KIND)) {
      output.mark();
      ShardResult result = sharded.runShard(shard, out, new StudyBars(err));
      result.write(out);
      stdout.println(
          "wrote shard "
              + shard
              + " ("
              + result.units().size()
              + " work units) to "
              + out.resolve(ShardResult.FILE));
    }
    stdout.flush();
    return 0;
  }

  /**
   * The shards in {@code shardDirs}, their training runs copied under runs/, merged into the files
   * of a local run.
   */
  public int merge(List<Path> shardDirs) {
    List<ShardResult> results = new ArrayList<>();
    TreeMap<String, Path> runs = new TreeMap<>();
    for (Path dir : shardDirs) {
      OutputPaths.checkInputDirectory("--merge", dir);
      results.add(ShardResult.read(dir));
      for (Path run : list(dir.resolve(RUNS))) {
        Path other = runs.put(run.getFileName().toString(), run);
        if (other != null) {
          throw new InputException(
              "--merge: two shards hold the training run "
                  + run.getFileName()
                  + " ("
                  + other
                  + ", "
                  + run
                  + "): they were not cut from one experiment");
        }
      }
    }
    return merged(results, runs.values().stream().toList());
  }

  /**
   * Shards' results with their training runs merged into {@code --out}, all checked before --out is
   * touched.
   */
  private int merged(List<ShardResult> results, List<Path> runsToCopy) {
    Studies.checkInputs(studies, sharedTraces, quick);
    StudyContext merged =
        new ShardedExperiment(studies, context).merged(results, out, new StudyBars(err));
    try (RunOutput output = claim("experiment")) {
      return mergedInto(output, merged, runsToCopy);
    }
  }

  /**
   * Shards' results gathered elsewhere (a sweep's pods: no training runs with them) merged into the
   * claimed {@code output}.
   */
  int mergedInto(RunOutput output, List<ShardResult> results) {
    return mergedInto(
        output,
        new ShardedExperiment(studies, context).merged(results, out, new StudyBars(err)),
        List.of());
  }

  private int mergedInto(RunOutput output, StudyContext merged, List<Path> runsToCopy) {
    output.mark();
    try {
      for (Path run : runsToCopy) {
        Files.createDirectories(out.resolve(RUNS));
        TreeCopy.copy(run, out.resolve(RUNS).resolve(run.getFileName().toString()));
      }
    } catch (IOException e) {
      throw new InputException(
          "cannot copy the shards' training runs into "
              + out.resolve(RUNS)
              + ": "
              + OutputPaths.reason(e));
    }
    return report(merged, output);
  }

  /**
   * Claims {@code --out} for {@code kind}; an earlier output of the same kind is replaced with
   * --force, its training runs too.
   */
  RunOutput claim(String kind) {
    RunOutput output =
        RunOutput.claim(commandLine, "--out", out, kind, "start over with --force", force);
    if (output.earlier()) {
      try {
        DirectorySwap.deleteTree(out.resolve(RUNS));
        Files.deleteIfExists(out.resolve(ShardResult.FILE));
      } catch (IOException e) {
        output.close();
        throw new InputException(
            "cannot remove the earlier training runs in " + out + ": " + OutputPaths.reason(e));
      }
    }
    return output;
  }

  private int report(StudyContext with, RunOutput output) {
    Path index =
        new ExperimentRun(studies, with, out, RUNS, quick, output::markIn).run(stdout, err);
    stdout.println("wrote " + index);
    stdout.flush();
    return 0;
  }

  private static List<Path> list(Path dir) {
    List<Path> entries = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return entries;
    }
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      stream.forEach(entries::add);
    } catch (IOException e) {
      throw new InputException("--merge: cannot list " + dir + ": " + OutputPaths.reason(e));
    }
    entries.sort(null);
    return entries;
  }
}
