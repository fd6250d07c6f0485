package dl2.cli;

import dl2.cli.Dl2.InactiveOptions;
import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.output.OutputMarker;
import dl2.output.RunOutput;
import dl2.run.ClusterEmulatorRun;
import dl2.run.EmulatorInstalled;
import dl2.slot.SchedulerName;
import dl2.workload.LengthKnowledge;
import java.io.PrintWriter;
import java.nio.file.Path;
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
 * server) with emulated nodes and training, the DL2 controller scheduling it; a live view, or with
 * {@code --json} the same JSON as {@code simulate}.
 */
@Command(
    name = "cluster-emulator",
    mixinStandardHelpOptions = true,
    description =
        "Run the Kubernetes controller against an emulated cluster (in-process API server, emulated nodes "
            + "and jobs on an accelerated clock).")
final class ClusterEmulatorCommand implements Callable<Integer>, InactiveOptions {
  /** A slower live view than one slot a minute is a mistake, not a choice. */
  static final double MAX_PACE_SECONDS = 60;

  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;
  @Mixin PlacementOptions placementOptions;
  @Mixin OnlineOptions online;
  @Mixin DriverOptions drivers;

  @Option(
      names = "--scheduler",
      required = true,
      paramLabel = "NAME",
      completionCandidates = SchedulerNames.class,
      description = SchedulerNames.HELP + ".")
  String scheduler;

  @Option(
      names = "--json",
      paramLabel = "FILE|-",
      description =
          "Run to completion without the live view and write the results as JSON (as simulate does) to FILE, "
              + "or to stdout with '-'.")
  String json;

  @Option(
      names = "--pace",
      paramLabel = "SECONDS",
      defaultValue = "0.5",
      description =
          "Wall-clock seconds per emulated slot in the live view (default: ${DEFAULT-VALUE}); 0 runs flat out.")
  double pace;

  @Option(
      names = "--force",
      description =
          "Replace an earlier --shadow recording in DIR, or a --json file that dl2 did not write"
              + " (otherwise refused).")
  boolean force;

  @Option(
      names = "--shadow",
      paramLabel = "DIR",
      description =
          "Shadow mode: record the scheduler's decisions as DL2 warm-up samples in DIR/TRACE/ (for train-sl "
              + "--from-recording DIR), shaped for the default recipe's policy on the workload preset (train-sl's default).")
  Path shadow;

  /**
   * Traces run one after the other on their own API server; training speed is the model's, without
   * noise.
   */
  @Override
  public List<String> inactiveOptions() {
    return List.of("--threads", "--speed-noise", "--models");
  }

  @Override
  public Integer call() {
    SimulateCommand.checkJson(json, force); // every output before any work
    if (shadow != null) {
      OutputPaths.checkDirectory("--shadow", shadow);
    }
    EmulatorInstalled.require("cluster-emulator");
    PrintWriter err = spec.commandLine().getErr();
    Evaluation base = options.experiment();
    if (base.lengths().knowledge() == LengthKnowledge.UNKNOWN) {
      throw new InputException(
          "cluster-emulator runs --lengths exact or estimated: every DL2Job states its epochs, "
              + "which the controller reads as the estimate");
    }
    SchedulerName name = placementOptions.apply(scheduler);
    PlacementOptions.checkRunsLive(name, "the emulated cluster");
    scheduler = name.toString();
    boolean runsPolicy = name.scheduler().equals(SchedulerCatalog.POLICY);
    Evaluation experiment =
        base.withPolicy(
                PolicyOptions.notingPlacement(
                    policyOptions.loadFor(
                        base.preset(), base.lengths().knowledge(), runsPolicy, err),
                    name,
                    err),
                policyOptions.decoding())
            .withPlugins(pluginOptions.jars)
            .withPlacements(placementOptions.jars);
    experiment.check(scheduler);
    drivers.kind(); // a bad driver fails before any trace runs
    if (!(pace >= 0) || pace > MAX_PACE_SECONDS) {
      throw new InputException("--pace must be 0.." + MAX_PACE_SECONDS + " seconds: " + pace);
    }
    Optional<PolicyFile> tuned =
        online.active()
            ? policyOptions.loadFor(base.preset(), base.lengths().knowledge(), true, err)
            : Optional.empty();
    online.check(tuned);
    if (shadow == null) {
      return emulate(experiment, name, tuned);
    }
    try (RunOutput output =
        RunOutput.claim(
            CommandLines.of(spec),
            "--shadow",
            shadow,
            "shadow recording",
            "start over with --force",
            force)) {
      if (output.earlier()) {
        clearRecording();
      }
      output.mark();
      return emulate(experiment, name, tuned);
    }
  }

  private void clearRecording() {
    try (var entries = java.nio.file.Files.list(shadow)) {
      for (Path entry :
          entries.filter(p -> !p.getFileName().toString().equals(OutputMarker.FILE)).toList()) {
        DirectorySwap.deleteTree(entry);
      }
    } catch (java.io.IOException e) {
      throw new InputException(
          "cannot remove the earlier recording in " + shadow + ": " + OutputPaths.reason(e));
    }
  }

  private int emulate(Evaluation experiment, SchedulerName name, Optional<PolicyFile> tuned) {
    return new ClusterEmulatorRun(
            spec.commandLine().getOut(),
            spec.commandLine().getErr(),
            experiment,
            name,
            json,
            pace,
            teacher ->
                online.tuner(tuned, teacher, experiment.config().taskCap(), experiment.baseSeed()),
            online.checkpoint,
            drivers.kind(),
            drivers.kueueQueue,
            shadow)
        .run();
  }
}
