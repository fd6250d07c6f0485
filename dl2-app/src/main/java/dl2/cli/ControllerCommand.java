package dl2.cli;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.kubernetes.api.ClusterConnection;
import dl2.kubernetes.api.ClusterFailure;
import dl2.kubernetes.api.FailureMessage;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.TaintToleration;
import dl2.kubernetes.controller.ControllerConfig;
import dl2.kubernetes.controller.ControllerLoop;
import dl2.kubernetes.controller.ReplicaIdentity;
import dl2.kubernetes.controller.ShadowRecorder;
import dl2.kubernetes.controller.SlotReport;
import dl2.kubernetes.driver.DriverKind;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.rl.TrainingRecipe;
import dl2.output.RunOutput;
import dl2.placement.PlacedSchedulers;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 controller}: the DL2 controller against a real cluster (kubeconfig or in-cluster). */
@Command(name = "controller", mixinStandardHelpOptions = true,
    description = "Run the DL2 Kubernetes controller: every slot, schedule the namespace's DL2Jobs and resize their pods.")
final class ControllerCommand implements Callable<Integer> {
  /** How long SIGTERM waits for the running slot: within the Deployment's grace period of 60 s. */
  static final java.time.Duration SHUTDOWN_GRACE = java.time.Duration.ofSeconds(50);

  @Spec CommandSpec spec;
  @Mixin PolicyOptions policyOptions;
  @Mixin OnlineOptions online;
  @Mixin PluginOptions pluginOptions;
  @Mixin PlacementOptions placementOptions;

  @Option(names = "--scheduler", defaultValue = "drf", paramLabel = "NAME",
      completionCandidates = SchedulerNames.class, description = SchedulerNames.HELP + " (default: ${DEFAULT-VALUE}).")
  String scheduler;

  @Option(names = "--namespace", defaultValue = "default", paramLabel = "NS", description = "Namespace of the DL2Jobs (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Option(names = "--slot-seconds", defaultValue = "1200", paramLabel = "T", description = "Slot length in seconds (default: ${DEFAULT-VALUE}).")
  int slotSeconds;

  @Option(names = "--task-cap", defaultValue = "16", paramLabel = "C", description = "At most C workers and C PSs per job (default: ${DEFAULT-VALUE}).")
  int taskCap;

  @Option(names = "--master", paramLabel = "URL", description = "API server URL instead of the kubeconfig or in-cluster configuration.")
  String master;

  @Option(names = "--tolerate", paramLabel = "TAINT",
      description = "Also use nodes with this taint, KEY[=VALUE][:EFFECT], and let every pod tolerate it (repeatable); "
          + "nodes tainted nvidia.com/gpu or dl2.io/dedicated are always used, other NoSchedule or NoExecute taints keep "
          + "a node out.")
  java.util.List<String> tolerate = new java.util.ArrayList<>();

  @Option(names = "--once", description = "Run one slot and exit.")
  boolean once;

  @Option(names = "--leader-elect", description = "Run slots only while holding the Lease dl2-controller (for several replicas).")
  boolean leaderElect;

  @Option(names = "--identity", paramLabel = "ID", description = "This replica's name in the Lease (default: the pod's name in a pod, else HOST-PID).")
  String identity;

  @Option(names = "--shadow", paramLabel = "DIR",
      description = "Shadow mode: record the scheduler's (the teacher's) decisions as DL2 warm-up samples in DIR.")
  java.nio.file.Path shadow;

  @Option(names = "--workload", defaultValue = "paper-large", paramLabel = "PRESET",
      description = "The preset whose shipped policy runs as dl2 without --policy, and whose policy shape (window) "
          + "--shadow samples fit (default: ${DEFAULT-VALUE}).")
  String workload;

  @Mixin DriverOptions drivers;

  @Option(names = "--estimate-speeds",
      description = "Dry runs (Optimus) scale the speed model by each job's reported over modelled progress.")
  boolean estimateSpeeds;

  @Option(names = "--metrics-port", paramLabel = "PORT",
      description = "Serve Prometheus metrics on http://0.0.0.0:PORT/metrics (default: off).")
  Integer metricsPort;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    scheduler = placementOptions.apply(scheduler);
    PlacementOptions.checkRunsLive(scheduler, "a live cluster");
    ControllerConfig config;
    try {
      java.util.List<TaintToleration> tolerations = new java.util.ArrayList<>(TaintToleration.STANDARD);
      for (String toleration : tolerate) {
        tolerations.add(TaintToleration.parse(toleration));
      }
      config = new ControllerConfig(namespace, slotSeconds, taskCap, FittedOptimusSpeed.INSTANCE, tolerations);
    } catch (IllegalArgumentException e) {
      throw new InputException(e.getMessage());
    }
    Presets.byName(workload); // a bad name fails before any connection
    ShadowRecorder recorder = shadow == null ? null
        : new ShadowRecorder(shadow, TrainingRecipe.OBSERVED.policy(Presets.byName(workload)), taskCap, scheduler, 0);
    DriverKind driver = drivers.kind();
    if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
      throw new InputException("--metrics-port must be 0..65535: " + metricsPort);
    }
    Scheduler chosen = scheduler();
    java.util.Optional<dl2.learning.rl.OnlineTuner> tuner = online.tuner(
        online.active() ? policyOptions.loadFor(Presets.byName(workload), true, err) : java.util.Optional.empty(), chosen, taskCap, 0);
    Scheduler running = tuner.map(t -> (Scheduler) t).orElse(chosen);
    if (shadow == null) {
      return control(config, driver, running, tuner, null, null);
    }
    // A restarted controller redoes its slot and goes on recording into the same directory.
    try (RunOutput output = RunOutput.claim(CommandLines.of(spec), "--shadow", shadow, "shadow recording", null, false)) {
      return control(config, driver, running, tuner, recorder, output);
    }
  }

  /** Runs the controller; {@code output} (the shadow recording, may be null) is marked once the cluster answered. */
  private int control(ControllerConfig config, DriverKind driver, Scheduler running,
      java.util.Optional<dl2.learning.rl.OnlineTuner> tuner, ShadowRecorder recorder, RunOutput output) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (ControllerLoop loop = ControllerLoop.connect(master, config, running, recorder).using(driver, drivers.kueueQueue)) {
      if (output != null) {
        output.mark();
      }
      tuner.ifPresent(loop::tuning);
      if (estimateSpeeds) {
        loop.estimatingSpeeds();
      }
      if (metricsPort != null) {
        try {
          out.println("metrics on port " + loop.metrics().serve(metricsPort));
        } catch (java.io.IOException e) {
          throw new InputException("--metrics-port " + metricsPort + ": " + e.getMessage());
        }
      }
      OperatorLog log = new OperatorLog(out, err);
      if (once) {
        log.slot(reachable(master, "slot failed", loop::runOnce));
        return 0;
      }
      // SIGTERM: the running slot finishes and the Lease is released before the JVM halts.
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        log.info("stopping: the running slot finishes first");
        loop.stop();
        log.info(loop.awaitFinished(SHUTDOWN_GRACE) ? "stopped" + (leaderElect ? "; the Lease is released" : "")
            : "stopping without waiting longer than " + SHUTDOWN_GRACE.toSeconds() + " s for the running slot");
      }, "dl2-controller-shutdown"));
      if (leaderElect) {
        loop.runAsLeader(identity != null ? identity : ReplicaIdentity.ofThisProcess(), log);
      } else {
        loop.run(log);
      }
    }
    return 0;
  }

  /**
   * Runs {@code call} against the API: a cluster that cannot be used (no answer, credentials
   * refused) is a one-line input error (exit 2); any other failure of the work is one line
   * starting with {@code what} (exit 1).
   */
  static <T> T reachable(String master, String what, java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (InputException | ClusterFailure e) {
      throw e;
    } catch (RuntimeException e) {
      if (ClusterConnection.unusable(e)) {
        throw new InputException("cannot use the Kubernetes API at " + (master == null ? "the configured cluster" : master)
            + ": " + FailureMessage.of(e));
      }
      throw new ClusterFailure(what + ": " + FailureMessage.of(e), e);
    }
  }

  private Scheduler scheduler() {
    boolean runsPolicy = PlacedSchedulers.schedulerPart(scheduler).equals(SchedulerCatalog.POLICY);
    if (runsPolicy && online.checkpoint != null) {
      throw new InputException("with --online-rl, --scheduler names the teacher (a baseline); the policy comes from --policy");
    }
    Optional<PolicyFile> policy = runsPolicy
        ? policyOptions.loadFor(Presets.byName(workload), true, spec.commandLine().getErr()) : Optional.empty();
    SchedulerCatalog catalog = SchedulerCatalog.baselines(0).withPlugins(pluginOptions.load()).withPlacements(placementOptions.load())
        .withPolicy(policy, policyOptions.decoding());
    catalog.check(scheduler, workload);
    return catalog.create(scheduler, taskCap, SchedulerCatalog.Seeds.LIVE);
  }

  static String line(SlotReport r) {
    return String.format("slot %d: %d pending, %d running, %d completed, %d invalid; %d workers, %d PS; pods +%d -%d; "
        + "decision %.2f ms, slot %.0f ms", r.slot(), r.phases().get(JobPhase.Pending), r.phases().get(JobPhase.Running),
        r.phases().get(JobPhase.Completed), r.phases().get(JobPhase.Invalid), r.workers(), r.parameterServers(),
        r.podsCreated(), r.podsDeleted(), r.decisionMillis(), r.slotMillis())
        + (r.skippedNodes().isEmpty() ? "" : "; " + r.skippedNodes().size() + " node" + (r.skippedNodes().size() == 1 ? "" : "s")
            + " not used");
  }
}
