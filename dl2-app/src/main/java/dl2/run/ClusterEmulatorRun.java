package dl2.run;

import dl2.console.EmulatorView;
import dl2.console.OnlineSummary;
import dl2.console.Progress;
import dl2.emulator.ClusterEmulator;
import dl2.emulator.MockCluster;
import dl2.evaluation.Evaluation;
import dl2.evaluation.TraceInput;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.controller.ShadowRecorder;
import dl2.kubernetes.controller.SlotController;
import dl2.kubernetes.driver.DriverKind;
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
import java.util.function.Function;

/**
 * What {@code dl2 cluster-emulator} runs once its options are checked: each trace on its own
 * emulated cluster, the controller scheduling it. Kept apart from the command, so that the command
 * line builds where the emulator is not installed (the controller's image).
 */
public final class ClusterEmulatorRun {
  private final PrintWriter out;
  private final PrintWriter err;
  private final Evaluation experiment;
  private final SchedulerName scheduler;
  private final String json;
  private final double pace;
  private final Function<Scheduler, Optional<OnlineTuner>> tuning;
  private final Path checkpoint;
  private final DriverKind driver;
  private final String kueueQueue;
  private final Path shadow;

  /**
   * @param tuning the online tuner over a teacher scheduler, if the run fine-tunes a policy online
   * @param checkpoint where the tuner checkpoints its policy (for the closing summary)
   * @param kueueQueue the Kueue LocalQueue of the Indexed Jobs, or null
   * @param shadow where a shadow recording goes, or null
   */
  public ClusterEmulatorRun(
      PrintWriter out,
      PrintWriter err,
      Evaluation experiment,
      SchedulerName scheduler,
      String json,
      double pace,
      Function<Scheduler, Optional<OnlineTuner>> tuning,
      Path checkpoint,
      DriverKind driver,
      String kueueQueue,
      Path shadow) {
    this.out = out;
    this.err = err;
    this.experiment = experiment;
    this.scheduler = scheduler;
    this.json = json;
    this.pace = pace;
    this.tuning = tuning;
    this.checkpoint = checkpoint;
    this.driver = driver;
    this.kueueQueue = kueueQueue;
    this.shadow = shadow;
  }

  public int run() {
    SimulationConfig config = experiment.config();
    boolean live = json == null;
    EmulatorView view = new EmulatorView(out, live ? pace : 0, System.console() != null);
    List<TraceOutcome> outcomes = new ArrayList<>();
    int traceCount = experiment.traces().size();
    // one tuner for the whole run: traces follow each other on one cluster, and what it learns
    // carries over
    Optional<OnlineTuner> tuner = tuning.apply(experiment.newScheduler(scheduler.toString(), 0));
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
    SimulationReport.print(
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
    tuner.ifPresent(t -> out.println(OnlineSummary.of(t, checkpoint)));
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
              .using(driver, kueueQueue, scheduler.placementOrDefault());
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
