package dl2.cli;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Running a share of a long command's independent work (a shard) and merging the shares' outputs.
 */
public final class ShardOptions {
  @Option(
      names = "--shard",
      paramLabel = "I/N",
      description =
          "Run only shard I of N (counted from 0) of the independent work and write its output to --out (a "
              + "directory, or - for stdout as a pod's log carries it); merge all N with --merge.")
  public String shard;

  @Option(
      names = "--merge",
      paramLabel = "DIR",
      split = ",",
      description =
          "Merge the outputs of all N shards (DIR,DIR,...; any order) into --out: the files a run without "
              + "shards writes, byte for byte.")
  public List<Path> merge;

  @Option(
      names = "--shard-file",
      paramLabel = "FILE",
      description =
          "With --shard and --out -: write the shard's output into FILE (a sweep's results volume) instead of "
              + "stdout, which then says only where it went.")
  public Path shardFile;

  /**
   * Refuses --shard-file but with --shard and {@code --out -} ({@code printed}), and one the shard
   * could not write, before any work.
   */
  public void checkFile(boolean printed) {
    if (shardFile != null && (!sharding() || !printed)) {
      throw new InputException(
          "--shard-file writes what --shard I/N --out - would print: give both");
    }
    if (shardFile != null) {
      OutputPaths.checkFile("--shard-file", shardFile);
    }
  }

  public boolean sharding() {
    return shard != null;
  }

  public boolean merging() {
    return merge != null && !merge.isEmpty();
  }

  /**
   * Refuses --shard with --merge, and either with {@code other} when it is set ({@code otherFlag}).
   */
  public void checkAlone(boolean other, String otherFlag) {
    if (sharding() && merging()) {
      throw new InputException("--shard runs one shard and --merge merges them: give one of them");
    }
    if (other && (sharding() || merging())) {
      throw new InputException(
          otherFlag
              + " runs and merges the shards itself: leave out "
              + (sharding() ? "--shard" : "--merge"));
    }
  }
}
