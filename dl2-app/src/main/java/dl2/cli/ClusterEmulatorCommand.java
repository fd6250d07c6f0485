package dl2.cli;

import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.kubernetes.ApiRetry;
import dl2.kubernetes.ClusterEmulator;
import dl2.kubernetes.MockCluster;
import dl2.kubernetes.ShadowRecorder;
import dl2.kubernetes.SlotController;
import dl2.learning.PolicyFile;
import dl2.learning.PolicySettings;
import dl2.learning.rl.OnlineTuner;
import dl2.learning.rl.TrainingRecipe;
import dl2.output.OutputMarker;
import dl2.output.RunOutput;
import dl2.report.SchedulerRun;
import dl2.report.TraceOutcome;
import dl2.simulation.Scheduler;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 cluster-emulator}: each trace on an in-process Kubernetes API (the fabric8 mock
 * server) with emulated nodes and training, the DL2 controller scheduling it; a live view, or
 * with {@code --json} the same JSON as {@code simulate}.
 */
@Command(name = "cluster-emulator", mixinStandardHelpOptions = true,
    description = "Run the Kubernetes controller against an emulated cluster (in-process API server, emulated nodes "
        + "and jobs on an accelerated clock).")
final class ClusterEmulatorCommand implements Callable<Integer>, InactiveOptions {
  /** A slower live view than one slot a minute is a mistake, not a choice. */
  static final double MAX_PACE_SECONDS = 60;

  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;
  @Mixin OnlineOptions online;
  @Mixin DriverOptions drivers;

  @Option(names = "--scheduler", required = true, paramLabel = "NAME",
      description = "Baseline drf, fifo, srtf, tetris, optimus, optimus-fitted, optimus-remaining or tiresias, dl2 (the "
          + "--policy, or the preset's shipped policy), or one of your own from --scheduler-jar.")
  String scheduler;

  @Option(names = "--json", paramLabel = "FILE|-",
      description = "Run to completion without the live view and write the results as JSON (as simulate does) to FILE, "
          + "or to stdout with '-'.")
  String json;

  @Option(names = "--pace", paramLabel = "SECONDS", defaultValue = "0.5",
      description = "Wall-clock seconds per emulated slot in the live view (default: ${DEFAULT-VALUE}); 0 runs flat out.")
  double pace;

  @Option(names = "--force", description = "With --shadow: replace an earlier recording in DIR (otherwise refused).")
  boolean force;

  @Option(names = "--shadow", paramLabel = "DIR",
      description = "Shadow mode: record the scheduler's decisions as DL2 warm-up samples in DIR/TRACE/ (for train-sl "
          + "--from-recording DIR), shaped for the default recipe's policy on the workload preset (train-sl's default).")
  Path shadow;

  /** Traces run one after the other on their own API server; training speed is the model's, without noise. */
  @Override
  public List<String> inactiveOptions() {
    return List.of("--threads", "--speed-noise");
  }

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    Experiment base = options.experiment();
    boolean runsPolicy = scheduler.equals(Experiment.POLICY_SCHEDULER);
    Experiment experiment = base.withPolicy(policyOptions.loadFor(base.preset(), runsPolicy, err), policyOptions.decoding())
        .withPlugins(pluginOptions.load());
    experiment.checkScheduler(scheduler);
    drivers.kind(); // a bad driver fails before any trace runs
    if (!(pace >= 0) || pace > MAX_PACE_SECONDS) {
      throw new InputException("--pace must be 0.." + MAX_PACE_SECONDS + " seconds: " + pace);
    }
    SimulateCommand.checkJson(json);
    Optional<PolicyFile> tuned = online.active() ? policyOptions.loadFor(base.preset(), true, err) : Optional.empty();
    online.check(tuned);
    if (shadow == null) {
      return emulate(experiment, tuned);
    }
    try (RunOutput output = RunOutput.claim(CommandLines.of(spec), "--shadow", shadow, "shadow recording", "start over with --force", force)) {
      if (output.earlier()) {
        clearRecording();
      }
      output.mark();
      return emulate(experiment, tuned);
    }
  }

  private void clearRecording() {
    try (var entries = java.nio.file.Files.list(shadow)) {
      for (Path entry : entries.filter(p -> !p.getFileName().toString().equals(OutputMarker.FILE)).toList()) {
        DirectorySwap.deleteTree(entry);
      }
    } catch (java.io.IOException e) {
      throw new InputException("cannot remove the earlier recording in " + shadow + ": " + OutputPaths.reason(e));
    }
  }

  private int emulate(Experiment experiment, Optional<PolicyFile> tuned) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SimulationConfig config = experiment.config();
    boolean live = json == null;
    EmulatorView view = new EmulatorView(out, live ? pace : 0, System.console() != null);
    List<TraceOutcome> outcomes = new ArrayList<>();
    int traceCount = experiment.traces().size();
    // one tuner for the whole run: traces follow each other on one cluster, and what it learns carries over
    Optional<OnlineTuner> tuner = online.tuner(tuned, experiment.newScheduler(scheduler, 0), config.taskCap(),
        experiment.baseSeed());
    try (Progress progress = live ? Progress.none() : Progress.of("cluster-emulator", traceCount, err)) {
      for (Experiment.TraceInput input : experiment.traces()) {
        view.start(input.trace().name(), input.index() + 1, traceCount, config.cluster().nodes());
        outcomes.add(emulate(input, experiment, config, tuner, live ? view::onSlot : (report, stats, jobs) -> { }));
        progress.step();
      }
    }
    SchedulerRun run = new SchedulerRun(scheduler, outcomes);
    String who = tuner.isPresent() ? "dl2 fine-tuning online (teacher " + scheduler + ")" : scheduler;
    SimulateCommand.report(who + " on " + experiment.preset().name() + " via the emulated Kubernetes cluster (seed "
        + experiment.baseSeed() + "); times in slots", run, experiment, json, out, err);
    tuner.ifPresent(t -> out.println(OnlineSummary.of(t, online.checkpoint)));
    return 0;
  }

  private TraceOutcome emulate(Experiment.TraceInput input, Experiment experiment, SimulationConfig config,
      Optional<OnlineTuner> tuner, ClusterEmulator.Listener listener) {
    try (MockCluster cluster = new MockCluster(config.cluster())) {
      ClusterEmulator emulator = new ClusterEmulator(cluster, config.taskCap(), config.slotSeconds(), experiment.speed(),
          config.scalingCost(), config.world(), experiment.simulatorSeed(input.index())).using(drivers.kind(), drivers.kueueQueue);
      Scheduler chosen = experiment.newScheduler(scheduler, input.index());
      SlotController controller = emulator.newController(tuner.map(t -> (Scheduler) t).orElse(chosen), ApiRetry.standard());
      tuner.ifPresent(t -> controller.tuning(t, null));
      if (shadow != null) {
        controller.recordingTo(new ShadowRecorder(shadow.resolve(input.trace().name()),
            TrainingRecipe.OBSERVED.policy(experiment.preset()), config.taskCap(), scheduler, experiment.baseSeed()));
      }
      SimulationResult result = emulator.run(input.trace(), controller::reconcile, config.maxSlots(), listener);
      if (!emulator.overcommitted().isEmpty()) {
        throw new IllegalStateException("node capacity exceeded: " + emulator.overcommitted().get(0));
      }
      return TraceOutcome.of(result, input.generatorSeed());
    }
  }
}
