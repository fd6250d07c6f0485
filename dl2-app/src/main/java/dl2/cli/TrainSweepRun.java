package dl2.cli;

import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.output.OutputMarker;
import dl2.output.RunOutput;
import dl2.training.Shard;
import dl2.training.TrainSweep;
import dl2.training.TrainingPipeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code dl2 train --seeds/--workloads}: a sweep of runs, each a train run of its own under
 * --out; all of them here, one shard's share ({@code --shard}), or the merge of every shard's
 * runs into one directory ({@code --merge}).
 */
record TrainSweepRun(TrainSweep sweep, boolean resume, boolean force, Optional<PolicyFile> warm, String commandLine,
    PrintWriter stdout, PrintWriter stderr) {
  static final String KIND = "train sweep";
  static final String SHARD_KIND = "train sweep shard";

  int run(ShardOptions shards, Path out) {
    shards.checkAlone(false, "");
    if (shards.merging()) {
      return merge(shards.merge, out);
    }
    Shard shard = shards.sharding() ? Shard.parse("--shard", shards.shard) : null;
    List<TrainSweep.Run> runs = shard == null ? sweep.runs() : sweep.shard(shard);
    try (RunOutput output = RunOutput.claim(commandLine, "--out", out, shard == null ? KIND : SHARD_KIND,
        "continue it with --resume or start over with --force", resume || force)) {
      output.mark();
      for (TrainSweep.Run run : runs) {
        train(run, out.resolve(run.directory()));
      }
    }
    if (shard != null) {
      stdout.println("shard " + shard + " trained " + runs.size() + " of the sweep's " + sweep.runs().size() + " runs");
      stdout.flush();
    }
    return 0;
  }

  /** One run into {@code dir}, a train run as {@code dl2 train --out dir} makes it, and its summary. */
  private void train(TrainSweep.Run run, Path dir) {
    stdout.println("## " + run.directory());
    stdout.flush();
    try (TrainingProgress progress = new TrainingProgress(run.config().teacher(), stderr)) {
      TrainingPipeline.Outcome outcome = new TrainingPipeline(run.config(), progress).run(dir, resume, warm,
          () -> OutputMarker.write(dir, "train run", commandLine));
      TrainingReport.print(outcome, run.config(), dir, stdout);
    }
  }

  /** Every run copied from the shard that trained it, all checked first. */
  private int merge(List<Path> shardDirs, Path out) {
    shardDirs.forEach(d -> OutputPaths.checkInputDirectory("--merge", d));
    List<Path> sources = sweep.locate(shardDirs); // every run checked before --out is touched
    try (RunOutput output = RunOutput.claim(commandLine, "--out", out, KIND, "start over with --force", force)) {
      if (output.earlier()) {
        for (TrainSweep.Run run : sweep.runs()) {
          delete(out.resolve(run.directory()));
        }
      }
      output.mark();
      for (Path copied : sweep.copy(sources, out)) {
        stdout.println("wrote " + copied);
      }
    }
    stdout.flush();
    return 0;
  }

  private static void delete(Path dir) {
    try {
      DirectorySwap.deleteTree(dir);
    } catch (IOException e) {
      throw new InputException("cannot remove the earlier run " + dir + ": " + OutputPaths.reason(e));
    }
  }
}
