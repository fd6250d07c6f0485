package dl2.cli;

import dl2.emulator.ClusterEmulator;
import dl2.emulator.MockCluster;
import dl2.evaluation.Evaluation;
import dl2.evaluation.TraceInput;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.controller.ShadowRecorder;
import dl2.kubernetes.controller.SlotController;
import dl2.learning.file.PolicyFile;
import dl2.learning.rl.OnlineTuner;
import dl2.learning.rl.TrainingRecipe;
import dl2.report.SchedulerRun;
import dl2.report.TraceOutcome;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code dl2 cluster-emulator} runs once its options are checked: each trace on its own
 * emulated cluster, the controller scheduling it. Kept apart from the command, so that the command
 * line builds where the emulator is not installed (the controller's image).
 */
final class ClusterEmulatorRun {
  private final CommandSpec spec;
  private final Evaluation experiment;
  private final SchedulerName scheduler;
  private final String json;
  private final double pace;
  private final OnlineOptions online;
  private final DriverOptions drivers;
  private final Path shadow;

  ClusterEmulatorRun(
      CommandSpec spec,
      Evaluation experiment,
      SchedulerName scheduler,
      String json,
      double pace,
      OnlineOptions online,
      DriverOptions drivers,
      Path shadow) {
    this.spec = spec;
    this.experiment = experiment;
    this.scheduler = scheduler;
    this.json = json;
    this.pace = pace;
    this.online = online;
    this.drivers = drivers;
    this.shadow = shadow;
  }

  int run(Optional<PolicyFile> tuned) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SimulationConfig config = experiment.config();
    boolean live = json == null;
    EmulatorView view = new EmulatorView(out, live ? pace : 0, System.console() != null);
    List<TraceOutcome> outcomes = new ArrayList<>();
    int traceCount = experiment.traces().size();
    // one tuner for the whole run: traces follow each other on one cluster, and what it learns
    // carries over
    Optional<OnlineTuner> tuner =
        online.tuner(
            tuned,
            experiment.newScheduler(scheduler.toString(), 0),
            config.taskCap(),
            experiment.baseSeed());
    try (Progress progress =
        live ? Progress.none() : Progress.of("cluster-emulator", traceCount, err)) {
      for (TraceInput input : experiment.traces()) {
        view.start(input.trace().name(), input.index() + 1, traceCount, config.cluster().nodes());
        outcomes.add(
            emulate(input, config, tuner, live ? view::onSlot : (report, stats, jobs) -> {}));
        progress.step();
      }
    }
    SchedulerRun run = new SchedulerRun(scheduler.toString(), outcomes);
    String who =
        tuner.isPresent()
            ? "dl2 fine-tuning online (teacher " + scheduler + ")"
            : scheduler.toString();
    SimulateCommand.report(
        who
            + " on "
            + experiment.preset().name()
            + " via the emulated Kubernetes cluster (seed "
            + experiment.baseSeed()
            + "); times in slots",
        run,
        experiment,
        json,
        out,
        err);
    tuner.ifPresent(t -> out.println(OnlineSummary.of(t, online.checkpoint)));
    return 0;
  }

  private TraceOutcome emulate(
      TraceInput input,
      SimulationConfig config,
      Optional<OnlineTuner> tuner,
      ClusterEmulator.Listener listener) {
    try (MockCluster cluster = new MockCluster(config.cluster())) {
      ClusterEmulator emulator =
          new ClusterEmulator(
                  cluster,
                  config.taskCap(),
                  config.slotSeconds(),
                  experiment.speed(),
                  config.scalingCost(),
                  config.world(),
                  experiment.simulatorSeed(input.index()))
              .using(drivers.kind(), drivers.kueueQueue, scheduler.placementOrDefault());
      Scheduler chosen = experiment.newScheduler(scheduler.toString(), input.index());
      SlotController controller =
          emulator.newController(tuner.map(t -> (Scheduler) t).orElse(chosen), ApiRetry.standard());
      tuner.ifPresent(t -> controller.tuning(t, null));
      if (shadow != null) {
        controller.recordingTo(
            new ShadowRecorder(
                shadow.resolve(input.trace().name()),
                TrainingRecipe.OBSERVED.policy(experiment.preset()),
                config.taskCap(),
                scheduler.toString(),
                experiment.baseSeed()));
      }
      SimulationResult result =
          emulator.run(input.trace(), controller::reconcile, config.maxSlots(), listener);
      if (!emulator.overcommitted().isEmpty()) {
        throw new IllegalStateException(
            "node capacity exceeded: " + emulator.overcommitted().get(0));
      }
      return TraceOutcome.of(result, input.generatorSeed());
    }
  }
}
