package dl2.run;

import dl2.console.TrainingProgress;
import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.io.TreeArchive;
import dl2.learning.file.PolicyFile;
import dl2.output.OutputMarker;
import dl2.output.RunOutput;
import dl2.report.TrainingReport;
import dl2.shard.Shard;
import dl2.shard.ShardOutput;
import dl2.training.TrainSweep;
import dl2.training.TrainingPipeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code dl2 train --seeds/--workloads}: a sweep of runs, each a train run of its own under --out;
 * all of them here, one shard's share ({@code --shard}, into a directory or printed on stdout for
 * {@code --out -} as a pod's log carries it), the merge of every shard's runs into one directory
 * ({@code --merge}), or the shards on a cluster ({@link TrainSweepOnCluster}).
 */
public record TrainSweepRun(
    TrainSweep sweep,
    boolean resume,
    boolean force,
    Optional<PolicyFile> warm,
    String commandLine,
    PrintWriter stdout,
    PrintWriter stderr) {
  static final String KIND = "train sweep";
  static final String SHARD_KIND = "train sweep shard";

  /** The name a shard's runs carry in a pod's log. */
  public static final String PRINTED_NAME = "train-shard";

  /** The sweep's shards as one Indexed Job on {@code target}'s cluster, merged into {@code out}. */
  public int onCluster(SweepTarget target, List<String> podArgs, Path out) {
    return new TrainSweepOnCluster(this, target).run(podArgs, out);
  }

  /**
   * The sweep, or one {@code shard} of it (null: all of it), trained here: into {@code out}, or
   * printed for the command that merges the shards when {@code printed} (then into {@code
   * shardFile} if not null).
   */
  public int trainHere(Shard shard, boolean printed, Path shardFile, Path out) {
    List<TrainSweep.Run> runs = shard == null ? sweep.runs() : sweep.shard(shard);
    if (printed) {
      return print(shard, runs, shardFile);
    }
    try (RunOutput output =
        RunOutput.claim(
            commandLine,
            "--out",
            out,
            shard == null ? KIND : SHARD_KIND,
            "continue it with --resume or start over with --force",
            resume || force)) {
      output.mark();
      for (TrainSweep.Run run : runs) {
        train(run, out.resolve(run.directory()), stdout);
      }
    }
    if (shard != null) {
      reportShard(shard, runs, stdout);
    }
    return 0;
  }

  /** "shard K/N trained R of the sweep's M runs" on {@code to}. */
  private void reportShard(Shard shard, List<TrainSweep.Run> runs, PrintWriter to) {
    to.println(
        "shard "
            + shard
            + " trained "
            + runs.size()
            + " of the sweep's "
            + sweep.runs().size()
            + " runs");
    to.flush();
  }

  /**
   * The shard's runs trained in a scratch directory (a pod's file system is its own) and printed on
   * stdout, or into {@code file} (may be null); reports on stderr.
   */
  private int print(Shard shard, List<TrainSweep.Run> runs, Path file) {
    Path scratch = ScratchDirectories.create("dl2-train-shard-");
    try {
      for (TrainSweep.Run run : runs) {
        train(run, scratch.resolve(run.directory()), stderr);
      }
      reportShard(shard, runs, stderr);
      ShardOutput.print(PRINTED_NAME, TreeArchive.pack(scratch), shard, file, stdout);
    } catch (IOException e) {
      throw new InputException(
          "cannot pack the shard's runs in " + scratch + ": " + OutputPaths.reason(e));
    } finally {
      ScratchDirectories.delete(scratch);
    }
    return 0;
  }

  /**
   * One run into {@code dir}, a train run as {@code dl2 train --out dir} makes it, and its summary
   * on {@code report}.
   */
  private void train(TrainSweep.Run run, Path dir, PrintWriter report) {
    report.println("## " + run.directory());
    report.flush();
    try (TrainingProgress progress =
        new TrainingProgress(run.config().warmUp().teacher(), stderr)) {
      TrainingPipeline.Outcome outcome =
          new TrainingPipeline(run.config(), progress)
              .run(dir, resume, warm, () -> OutputMarker.write(dir, "train run", commandLine));
      TrainingReport.print(outcome, run.config(), dir, report);
    }
  }

  /** Every run copied from the shard that trained it, all checked first. */
  public int merge(List<Path> shardDirs, Path out) {
    shardDirs.forEach(d -> OutputPaths.checkInputDirectory("--merge", d));
    List<Path> sources = sweep.locate(shardDirs); // every run checked before --out is touched
    try (RunOutput output = claim(out)) {
      mergeInto(output, sources, out);
    }
    return 0;
  }

  /**
   * Claims {@code out} for the sweep; an earlier sweep there is replaced with --force, its runs
   * removed.
   */
  RunOutput claim(Path out) {
    RunOutput output =
        RunOutput.claim(commandLine, "--out", out, KIND, "start over with --force", force);
    if (output.earlier()) {
      try {
        for (TrainSweep.Run run : sweep.runs()) {
          DirectorySwap.deleteTree(out.resolve(run.directory()));
        }
      } catch (IOException e) {
        output.close();
        throw new InputException(
            "cannot remove the earlier run in " + out + ": " + OutputPaths.reason(e));
      }
    }
    return output;
  }

  /**
   * The runs in {@code sources} (as {@link TrainSweep#locate} found them) copied into the claimed
   * {@code out}.
   */
  void mergeInto(RunOutput output, List<Path> sources, Path out) {
    output.mark();
    for (Path copied : sweep.copy(sources, out)) {
      stdout.println("wrote " + copied);
    }
    stdout.flush();
  }
}
