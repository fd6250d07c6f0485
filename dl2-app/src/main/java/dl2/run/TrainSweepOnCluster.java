package dl2.run;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.io.TreeArchive;
import dl2.kubernetes.sweep.IndexedJobSweep;
import dl2.kubernetes.sweep.SweepSpec;
import dl2.output.RunOutput;
import dl2.training.TrainSweep;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code train --seeds/--workloads --on-kubernetes}: the sweep's shards as one Indexed Job, each
 * pod running {@code train ... --shard $(JOB_COMPLETION_INDEX)/N --out -} and printing its runs (a
 * {@link TreeArchive}) to its log, or with --results-claim into a file of that volume, whence the
 * command reads them; then the merge, as {@code --merge} does, into --out. The cluster, its
 * version, the claim and --out are checked before the Job is submitted.
 */
record TrainSweepOnCluster(TrainSweepRun sweep, SweepTarget options) {
  /** {@code podArgs}: the train command every pod runs, but its shard and --out. */
  int run(List<String> podArgs, Path out) {
    List<String> args = new ArrayList<>(podArgs);
    args.addAll(List.of("--shard", SweepSpec.INDEX + "/" + options.shards(), "--out", "-"));
    String identity =
        "train sweep "
            + String.join(
                ",", sweep.sweep().runs().stream().map(TrainSweep.Run::directory).toList());
    SweepSpec spec =
        options.throughVolume(
            new SweepSpec(
                options.namespace(),
                identity,
                options.image(),
                args,
                options.shards(),
                options.retries(),
                TrainSweepRun.PRINTED_NAME,
                SweepOnCluster.POLL));
    try (IndexedJobSweep cluster = IndexedJobSweep.connect(options.kubeconfig(), spec)) {
      SweepTarget.checkCluster(cluster);
      try (RunOutput output = sweep.claim(out)) {
        List<byte[]> outputs = SweepOnCluster.run(cluster, options, sweep.stderr());
        merge(output, outputs, out);
      }
    }
    return 0;
  }

  /**
   * Each shard's runs unpacked into a scratch directory, checked as --merge checks them, then
   * copied into --out.
   */
  private void merge(RunOutput output, List<byte[]> outputs, Path out) {
    Path scratch = ScratchDirectories.create("dl2-train-sweep-");
    try {
      List<Path> shardDirs = new ArrayList<>();
      for (int i = 0; i < outputs.size(); i++) {
        String shard = "shard " + i + "/" + outputs.size() + "'s output";
        Path dir = scratch.resolve("shard-" + i);
        try {
          TreeArchive.unpack(outputs.get(i), dir);
        } catch (IllegalArgumentException e) {
          throw new InputException(shard + ": " + e.getMessage());
        } catch (IOException e) {
          throw new InputException(
              "cannot unpack " + shard + " into " + dir + ": " + OutputPaths.reason(e));
        }
        shardDirs.add(dir);
      }
      sweep.mergeInto(output, sweep.sweep().locate(shardDirs), out);
    } finally {
      ScratchDirectories.delete(scratch);
    }
  }
}
