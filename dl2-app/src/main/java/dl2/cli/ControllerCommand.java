package dl2.cli;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.kubernetes.controller.ControllerConfig;
import dl2.kubernetes.controller.ShadowRecorder;
import dl2.kubernetes.driver.DriverKind;
import dl2.learning.file.PolicyFile;
import dl2.learning.rl.OnlineTuner;
import dl2.learning.rl.TrainingRecipe;
import dl2.output.RunOutput;
import dl2.registry.Launch;
import dl2.run.ControllerRun;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 controller}: the DL2 controller against a real cluster (kubeconfig or in-cluster). */
@Command(
    name = "controller",
    mixinStandardHelpOptions = true,
    description =
        "Run the DL2 Kubernetes controller: every slot, schedule the namespace's DL2Jobs and resize their pods.")
final class ControllerCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin PolicyOptions policyOptions;
  @Mixin OnlineOptions online;
  @Mixin PluginOptions pluginOptions;
  @Mixin PlacementOptions placementOptions;

  @Option(
      names = "--scheduler",
      defaultValue = Schedulers.DRF,
      paramLabel = "NAME",
      completionCandidates = SchedulerNames.class,
      description = SchedulerNames.HELP + " (default: ${DEFAULT-VALUE}).")
  String scheduler;

  @Option(
      names = "--namespace",
      defaultValue = "default",
      paramLabel = "NS",
      description = "Namespace of the DL2Jobs (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Option(
      names = "--slot-seconds",
      defaultValue = "1200",
      paramLabel = "T",
      description = "Slot length in seconds (default: ${DEFAULT-VALUE}).")
  int slotSeconds;

  @Option(
      names = "--task-cap",
      defaultValue = "16",
      paramLabel = "C",
      description = "At most C workers and C PSs per job (default: ${DEFAULT-VALUE}).")
  int taskCap;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description = "API server URL instead of the kubeconfig or in-cluster configuration.")
  String master;

  @Mixin TolerationOptions tolerations;

  @Option(names = "--once", description = "Run one slot and exit.")
  boolean once;

  @Option(
      names = "--leader-elect",
      description = "Run slots only while holding the Lease dl2-controller (for several replicas).")
  boolean leaderElect;

  @Option(
      names = "--identity",
      paramLabel = "ID",
      description =
          "This replica's name in the Lease (default: the pod's name in a pod, else HOST-PID).")
  String identity;

  @Option(
      names = "--shadow",
      paramLabel = "DIR",
      description =
          "Shadow mode: record the scheduler's (the teacher's) decisions as DL2 warm-up samples in DIR.")
  Path shadow;

  @Option(
      names = "--workload",
      defaultValue = "paper-large",
      paramLabel = "PRESET",
      description =
          "The preset whose shipped policy runs as dl2 without --policy, and whose policy shape (window) "
              + "--shadow samples fit (default: ${DEFAULT-VALUE}).")
  String workload;

  @Mixin DriverOptions drivers;
  @Mixin ControllerOptions controllerOptions;

  @Option(
      names = "--estimate-speeds",
      description =
          "Dry runs (Optimus) scale the speed model by each job's reported over modelled progress.")
  boolean estimateSpeeds;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (shadow != null) {
      OutputPaths.checkDirectory("--shadow", shadow); // before any connection
    }
    SchedulerName name = placementOptions.apply(scheduler);
    PlacementOptions.checkRunsLive(name, "a live cluster");
    scheduler = name.toString();
    if (slotSeconds < 1 || slotSeconds > ControllerConfig.MAX_SLOT_SECONDS) {
      throw new InputException(
          "--slot-seconds must be 1.."
              + ControllerConfig.MAX_SLOT_SECONDS
              + " (a day): "
              + slotSeconds);
    }
    if (taskCap < 1 || taskCap > ControllerConfig.MAX_TASK_CAP) {
      throw new InputException(
          "--task-cap must be 1.." + ControllerConfig.MAX_TASK_CAP + ": " + taskCap);
    }
    ControllerConfig config =
        new ControllerConfig(
            namespace,
            slotSeconds,
            taskCap,
            FittedOptimusSpeed.INSTANCE,
            tolerations.tolerations(),
            controllerOptions.grace(),
            controllerOptions.gpuTypeLabel());
    Presets.byName(workload); // a bad name fails before any connection
    ShadowRecorder recorder =
        shadow == null
            ? null
            : new ShadowRecorder(
                shadow,
                TrainingRecipe.OBSERVED.policy(Presets.byName(workload)),
                taskCap,
                scheduler,
                0);
    DriverKind driver = drivers.kind();
    Integer metricsPort = controllerOptions.metricsPort();
    String metricsAddress = controllerOptions.metricsAddress();
    Scheduler chosen = scheduler(name);
    Optional<OnlineTuner> tuner =
        online.tuner(
            online.active()
                ? policyOptions.loadFor(Presets.byName(workload), true, err)
                : Optional.empty(),
            chosen,
            taskCap,
            0);
    Scheduler running = tuner.map(t -> (Scheduler) t).orElse(chosen);
    ControllerRun run =
        new ControllerRun(
            master,
            driver,
            drivers.kueueQueue,
            name.placementOrDefault(),
            estimateSpeeds,
            metricsAddress,
            metricsPort,
            once,
            leaderElect,
            identity);
    if (shadow == null) {
      return run.control(config, running, tuner, null, null, out, err);
    }
    // A restarted controller redoes its slot and goes on recording into the same directory.
    try (RunOutput output =
        RunOutput.claim(
            CommandLines.of(spec), "--shadow", shadow, "shadow recording", null, false)) {
      return run.control(config, running, tuner, recorder, output, out, err);
    }
  }

  private Scheduler scheduler(SchedulerName name) {
    boolean runsPolicy = name.scheduler().equals(SchedulerCatalog.POLICY);
    if (runsPolicy && online.checkpoint != null) {
      throw new InputException(
          "with --online-rl, --scheduler names the teacher (a baseline); the policy comes from --policy");
    }
    Optional<PolicyFile> policy =
        PolicyOptions.notingPlacement(
            runsPolicy
                ? policyOptions.loadFor(Presets.byName(workload), true, spec.commandLine().getErr())
                : Optional.empty(),
            name,
            spec.commandLine().getErr());
    SchedulerCatalog catalog =
        SchedulerCatalog.baselines(0)
            .withPlugins(pluginOptions.jars)
            .withPlacements(placementOptions.jars)
            .withPolicy(policy, policyOptions.decoding());
    catalog.check(scheduler, workload);
    return catalog.create(scheduler, Launch.live(taskCap));
  }
}
