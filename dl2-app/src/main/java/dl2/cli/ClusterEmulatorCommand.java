package dl2.cli;

import dl2.kubernetes.ApiRetry;
import dl2.kubernetes.ClusterEmulator;
import dl2.kubernetes.MockCluster;
import dl2.kubernetes.ShadowRecorder;
import dl2.kubernetes.SlotController;
import dl2.learning.PolicySettings;
import dl2.learning.rl.OnlineTuner;
import dl2.simulation.Scheduler;
import java.util.Optional;
import dl2.model.InputException;
import dl2.report.SchedulerRun;
import dl2.report.TraceOutcome;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
final class ClusterEmulatorCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin OnlineOptions online;

  @Option(names = "--scheduler", required = true, paramLabel = "NAME",
      description = "Baseline drf, fifo, srtf, tetris, optimus, optimus-fitted, optimus-remaining or tiresias, or dl2 with --policy FILE.")
  String scheduler;

  @Option(names = "--json", paramLabel = "FILE|-",
      description = "Run to completion without the live view and write the results as JSON (as simulate does) to FILE, "
          + "or to stdout with '-'.")
  String json;

  @Option(names = "--pace", paramLabel = "SECONDS", defaultValue = "0.5",
      description = "Wall-clock seconds per emulated slot in the live view (default: ${DEFAULT-VALUE}); 0 runs flat out.")
  double pace;

  @Option(names = "--shadow", paramLabel = "DIR",
      description = "Shadow mode: record the scheduler's decisions as DL2 warm-up samples in DIR/TRACE/ (for train-sl "
          + "--from-recording DIR), shaped for the workload preset's policy.")
  Path shadow;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Experiment experiment = options.experiment().withPolicy(policyOptions.load(), policyOptions.decoding());
    experiment.checkScheduler(scheduler);
    SimulationConfig config = experiment.config();
    if (config.speedNoise() != 0) {
      throw new InputException("cluster-emulator does not model speed noise; leave out --speed-noise");
    }
    if (!(pace >= 0)) {
      throw new InputException("--pace must be at least 0: " + pace);
    }
    boolean live = json == null;
    EmulatorView view = new EmulatorView(out, live ? pace : 0, System.console() != null);
    List<TraceOutcome> outcomes = new ArrayList<>();
    // one tuner for the whole run: traces follow each other on one cluster, and what it learnt carries over
    Optional<OnlineTuner> tuner = online.tuner(policyOptions.load(), experiment.newScheduler(scheduler, 0), config.taskCap(),
        experiment.baseSeed());
    for (Experiment.TraceInput input : experiment.traces()) {
      view.start(input.trace().name(), config.cluster().nodes());
      try (MockCluster cluster = new MockCluster(config.cluster())) {
        ClusterEmulator emulator = new ClusterEmulator(cluster, config.taskCap(), config.slotSeconds(), experiment.speed(),
            config.scalingCost(), config.world(), experiment.simulatorSeed(input.index()));
        Scheduler chosen = tuner.isPresent() ? tuner.get() : experiment.newScheduler(scheduler, input.index());
        SlotController controller = emulator.newController(chosen, ApiRetry.standard());
        tuner.ifPresent(t -> controller.tuning(t, null));
        if (shadow != null) {
          controller.recordingTo(new ShadowRecorder(shadow.resolve(input.trace().name()),
              PolicySettings.defaults(experiment.preset()), config.taskCap(), scheduler, experiment.baseSeed()));
        }
        SimulationResult result = emulator.run(input.trace(), controller::reconcile, config.maxSlots(),
            live ? view::onSlot : (report, stats, finished, total) -> { });
        if (!emulator.overcommitted().isEmpty()) {
          throw new IllegalStateException("node capacity exceeded: " + emulator.overcommitted().get(0));
        }
        outcomes.add(TraceOutcome.of(result, input.generatorSeed()));
      }
    }
    SchedulerRun run = new SchedulerRun(scheduler, outcomes);
    SimulateCommand.report(scheduler + " on " + experiment.preset().name() + " via the emulated Kubernetes cluster (seed "
        + experiment.baseSeed() + "); times in slots", run, experiment, json, out, err);
    return 0;
  }
}
