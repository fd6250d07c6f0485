package dl2.cli;

import dl2.console.StudyBars;
import dl2.experiment.Budget;
import dl2.experiment.Studies;
import dl2.experiment.Study;
import dl2.experiment.StudyContext;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.run.ExperimentLaunch;
import dl2.run.ExperimentSweep;
import dl2.run.PublicTraceLocations;
import dl2.shard.Shard;
import dl2.traces.data.TraceLocations;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 experiment NAME}: one of the paper's studies (or all), written as tables, plots and an
 * index.html.
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    description =
        "Run one of the paper's studies (speed-variation, epoch-error, length-error, teacher, job-types, cluster-scale, agents, "
            + "ablation-critic, ablation-exploration, ablation-replay, ablation-reward, offline-rl, real-traces, heuristic-variants, "
            + "stronger-greedy, observed-greedy, rollout-variants, unseen-types, load-sweep-arrival-rate, load-sweep-cluster-size), both load sweeps (load-sweep) or all; writes tables, plots and index.html.")
final class ExperimentCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "NAME",
      description = "Study name, load-sweep (both sweeps), or all.")
  String name;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description = "Output directory (tables, plots, index.html, runs/).")
  Path out;

  @Option(names = "--quick", description = "Reduced budgets and sweeps: minutes per study.")
  boolean quick;

  @Option(
      names = "--workload",
      paramLabel = "PRESET",
      description = "Study preset (default: paper-large, paper-small with --quick).")
  String workload;

  @Option(names = "--world", paramLabel = "WORLD", description = WorkloadOptions.WORLD_HELP)
  String world;

  @Option(
      names = "--seed",
      defaultValue = "" + TraceSets.DEFAULT_BASE_SEED,
      description = "Base seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--threads",
      description = "Threads; results do not depend on it (default: available processors).")
  Integer threads;

  @Option(
      names = "--validation-traces",
      description = "Validation traces (default: 10, 5 with --quick).")
  Integer validationTraces;

  @Option(
      names = "--steps",
      description = "RL steps per training run (default: 3000, 300 with --quick).")
  Integer steps;

  @Option(
      names = "--sl-steps",
      description = "Warm-up steps in the teacher study (default: 600, 100 with --quick).")
  Integer slSteps;

  @Option(
      names = "--traces",
      paramLabel = "DIR",
      description =
          "The public traces folder for real-traces (default: the one dl2 traces where names).")
  Path sharedTraces;

  @Option(
      names = "--validate-every",
      description = "Steps between validations (default: 250, 100 with --quick).")
  Integer validateEvery;

  @Option(
      names = "--placement",
      split = ",",
      paramLabel = "PLACEMENT",
      description =
          "Run every study once "
              + "under each placement (least-loaded, fewest-nodes, interference-aware): every scheduler under it as compare's "
              + "SCHEDULER@PLACEMENT, DL2 trained and tested under it; a study under another placement than its own "
              + "(least-loaded; fewest-nodes for rollout-variants) is NAME@PLACEMENT (default: each study under its own only).")
  List<String> placements = new ArrayList<>();

  @Option(
      names = "--force",
      description =
          "Replace an earlier experiment in --out, its training runs included (otherwise refused).")
  boolean force;

  @Mixin ShardOptions shards;
  @Mixin SweepOptions sweep;

  @Override
  public Integer call() {
    if (!out.toString().equals("-")) {
      OutputPaths.checkDirectory("--out", out); // before any work
    }
    List<Study> studies = Studies.placed(Studies.byName(name), placements);
    String presetName = workload != null ? workload : quick ? "paper-small" : "paper-large";
    Preset preset = WorkloadOptions.inWorld(Presets.byName(presetName), world);
    Budget budget = budget();
    int traceCount = validationTraces != null ? validationTraces : quick ? 5 : 10;
    int threadCount = threads != null ? threads : Runtime.getRuntime().availableProcessors();
    if (traceCount < 1
        || threadCount < 1
        || traceCount > RunOptions.MAX_VALIDATION_TRACES
        || threadCount > RunOptions.MAX_THREADS) {
      throw new InputException(
          "--validation-traces must be 1.."
              + RunOptions.MAX_VALIDATION_TRACES
              + " and --threads 1.."
              + RunOptions.MAX_THREADS);
    }
    shards.checkAlone(sweep.onKubernetes, "--on-kubernetes");
    shards.checkFile(out != null && out.toString().equals("-"));
    sweep.check();
    Shard shard = shards.sharding() ? Shard.parse("--shard", shards.shard) : null;
    TraceLocations locations = PublicTraceLocations.current();
    Path traces =
        sharedTraces != null
            ? locations.resolve("--traces", sharedTraces)
            : locations.root().orElse(locations.installed());
    StudyContext context =
        new StudyContext(
            preset,
            seed,
            threadCount,
            traceCount,
            budget,
            out,
            new StudyBars(spec.commandLine().getErr()),
            ExperimentCommand::shippedPolicy,
            traces);
    ExperimentLaunch launch =
        new ExperimentLaunch(
            studies,
            context,
            out,
            quick,
            force,
            traces,
            CommandLines.of(spec),
            spec.commandLine().getOut(),
            spec.commandLine().getErr());
    if (shard != null) {
      return launch.shard(shard, shards.shardFile);
    }
    if (shards.merging()) {
      return launch.merge(shards.merge);
    }
    if (sweep.onKubernetes) {
      List<String> args =
          ExperimentSweep.shardArgs(
              name, presetName, world, placements, seed, traceCount, budget, quick, sweep.shards());
      return new ExperimentSweep(launch, sweep).run(args);
    }
    return launch.local();
  }

  private Budget budget() {
    Budget base = quick ? Budget.reduced() : Budget.full();
    int rl = steps != null ? steps : base.rlSteps();
    int sl = slSteps != null ? slSteps : base.slSteps();
    int every = validateEvery != null ? validateEvery : base.validateEvery();
    if (rl < 1 || sl < 1 || every < 1) {
      throw new InputException("--steps, --sl-steps and --validate-every must be at least 1");
    }
    return new Budget(rl, sl, every, base.trainingTraces(), base.learningRate(), quick);
  }

  /** The policy shipped for a preset, found as compare finds it. */
  private static Optional<PolicyFile> shippedPolicy(String preset) {
    return PolicyOptions.shipped(preset).map(PolicyFile::load);
  }
}
