package dl2.run;

import dl2.experiment.Budget;
import dl2.experiment.ShardedExperiment;
import dl2.experiment.Studies;
import dl2.kubernetes.sweep.IndexedJobSweep;
import dl2.kubernetes.sweep.SweepSpec;
import dl2.output.RunOutput;
import dl2.shard.ShardResult;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code experiment --on-kubernetes}: the experiment's shards as one Indexed Job, each pod running
 * {@code experiment ... --shard $(JOB_COMPLETION_INDEX)/N --out -} and printing its shard's result
 * to its log, whence the command reads it; then the merge, as {@code --merge} does, into --out. The
 * cluster, its version and --out are checked before the Job is submitted.
 */
public final class ExperimentSweep {
  private final ExperimentLaunch launch;
  private final SweepTarget options;

  public ExperimentSweep(ExperimentLaunch launch, SweepTarget options) {
    this.launch = launch;
    this.options = options;
  }

  /**
   * What every pod runs: the experiment's options spelt out, so that each shard computes what this
   * command would.
   */
  public static List<String> shardArgs(
      String name,
      String preset,
      String world,
      List<String> placements,
      long seed,
      int traces,
      Budget budget,
      boolean quick,
      int shards) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "experiment",
                name,
                "--workload",
                preset,
                "--seed",
                Long.toString(seed),
                "--validation-traces",
                Integer.toString(traces),
                "--steps",
                Integer.toString(budget.rlSteps()),
                "--sl-steps",
                Integer.toString(budget.slSteps()),
                "--validate-every",
                Integer.toString(budget.validateEvery())));
    if (world != null) {
      args.addAll(List.of("--world", world));
    }
    if (!placements.isEmpty()) {
      args.addAll(List.of("--placement", String.join(",", placements)));
    }
    if (quick) {
      args.add("--quick");
    }
    args.addAll(List.of("--shard", SweepSpec.INDEX + "/" + shards, "--out", "-"));
    return args;
  }

  public int run(List<String> args) {
    ShardedExperiment sharded = new ShardedExperiment(launch.studies(), launch.context());
    if (!sharded.hasShardableWork()) {
      launch
          .err()
          .println(
              "nothing to run on the cluster: "
                  + String.join(", ", launch.studies().stream().map(s -> s.name()).toList())
                  + " reads local input files and runs here");
      return launch.local();
    }
    Studies.checkInputs(
        launch.studies(),
        launch.sharedTraces(),
        launch.quick()); // the merge's own inputs, before any work
    SweepSpec spec =
        options.throughVolume(
            new SweepSpec(
                options.namespace(),
                sharded.identity(),
                options.image(),
                args,
                options.shards(),
                options.retries(),
                ExperimentLaunch.PRINTED_NAME,
                SweepOnCluster.POLL));
    try (IndexedJobSweep sweep = IndexedJobSweep.connect(options.kubeconfig(), spec)) {
      SweepTarget.checkCluster(sweep);
      try (RunOutput output = launch.claim("experiment")) {
        return gather(sweep, output);
      }
    }
  }

  /**
   * Runs the sweep with progress on stderr, then merges the shards' results into the claimed --out.
   */
  private int gather(IndexedJobSweep sweep, RunOutput output) {
    List<byte[]> outputs = SweepOnCluster.run(sweep, options, launch.err());
    List<ShardResult> results = new ArrayList<>();
    for (int i = 0; i < outputs.size(); i++) {
      results.add(
          ShardResult.parse(outputs.get(i), "shard " + i + "/" + outputs.size() + "'s output"));
    }
    return launch.mergedInto(output, results);
  }
}
