package dl2.cli;

import dl2.io.InputException;
import dl2.run.TrainSweepRun;
import dl2.shard.Shard;
import dl2.training.TrainConfig;
import dl2.training.TrainSweep;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * {@code train}'s sweep: one run per preset and seed, here, as shards ({@code --shard}, {@code
 * --merge}) or on a cluster: the "Sweeps and Kubernetes" section.
 */
public final class TrainSweepOptions {
  /**
   * Options of a train run that name files of this machine or its earlier output, which a pod
   * cannot see.
   */
  static final Set<String> LOCAL =
      Set.of("--warm-start", "--mix-training", "--mix-validation", "--resume");

  @Option(
      names = "--seeds",
      split = ",",
      paramLabel = "SEED",
      description =
          "A sweep: one run per seed (and preset), each in "
              + "--out/PRESET-seed-SEED/, instead of --seed; with --shard and --merge, or --on-kubernetes, across machines.")
  List<Long> seeds;

  @Option(
      names = "--workloads",
      split = ",",
      paramLabel = "PRESET",
      description = "A sweep: one run per preset (and seed), instead of --workload.")
  List<String> workloads;

  @ArgGroup(validate = false)
  public ShardOptions shards = new ShardOptions();

  @ArgGroup(validate = false)
  public SweepOptions cluster = new SweepOptions();

  /**
   * Runs {@code sweep} as these options say: here, one shard of it, the merge of its shards' runs,
   * or on a cluster.
   */
  public int run(TrainSweepRun sweep, List<String> podArgs, Path out) {
    shards.checkAlone(cluster.onKubernetes, "--on-kubernetes");
    boolean printed = out.toString().equals("-");
    if (printed && !shards.sharding()) {
      throw new InputException(
          "--out - prints one shard's runs for the command that merges them: give --shard I/N");
    }
    shards.checkFile(printed);
    if (shards.merging()) {
      return sweep.merge(shards.merge, out);
    }
    if (cluster.onKubernetes) {
      cluster.shardsUnlessGiven(
          sweep
              .sweep()
              .runs()
              .size()); // a run is the smallest piece, and each pod's log carries its runs
      return sweep.onCluster(cluster, podArgs, out);
    }
    Shard shard = shards.sharding() ? Shard.parse("--shard", shards.shard) : null;
    return sweep.trainHere(shard, printed, shards.shardFile, out);
  }

  /** Whether a sweep is asked for; without one, the sweep's other options are refused. */
  boolean asked() {
    cluster.check();
    boolean asked = seeds != null || workloads != null;
    if (!asked && (shards.sharding() || shards.merging() || cluster.onKubernetes)) {
      throw new InputException(
          "--shard, --merge and --on-kubernetes split a sweep of runs: give --seeds or --workloads");
    }
    return asked;
  }

  /**
   * What the pods of {@code --on-kubernetes} run, the shard and --out aside: this command's
   * options, --threads as resolved here.
   */
  static List<String> podArgs(ParseResult parsed, int threads) {
    List<String> args = new ArrayList<>(List.of("train"));
    args.addAll(PodArguments.of(parsed, Set.of("--threads"), LOCAL));
    args.addAll(List.of("--threads", Integer.toString(threads)));
    return args;
  }

  /**
   * One run per preset and seed, in that order; --workloads and --seeds replace --workload and
   * --seed.
   */
  TrainSweep sweep(
      ParseResult parsed, TrainingOptions training, BiFunction<Preset, Long, TrainConfig> config) {
    if ((workloads != null && parsed.hasMatchedOption("--workload"))
        || (seeds != null && parsed.hasMatchedOption("--seed"))) {
      throw new InputException(
          "--workloads replaces --workload and --seeds --seed: give one of each pair");
    }
    List<TrainConfig> configs = new ArrayList<>();
    for (String name : workloads != null ? workloads : List.of(training.run.workload)) {
      Preset preset = training.run.preset(name);
      for (long seed : seeds != null ? seeds : List.of(training.run.seed)) {
        configs.add(config.apply(preset, seed));
      }
    }
    return new TrainSweep(configs);
  }
}
