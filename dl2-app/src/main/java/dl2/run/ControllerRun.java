package dl2.run;

import dl2.console.OperatorLog;
import dl2.io.InputException;
import dl2.kubernetes.controller.ControllerConfig;
import dl2.kubernetes.controller.ControllerLoop;
import dl2.kubernetes.controller.ReplicaIdentity;
import dl2.kubernetes.controller.ShadowRecorder;
import dl2.kubernetes.driver.DriverKind;
import dl2.learning.rl.OnlineTuner;
import dl2.output.RunOutput;
import dl2.slot.Scheduler;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;

/**
 * The controller once its options are parsed: connect, serve metrics, then run one slot ({@code
 * --once}) or slots until SIGTERM, as the Lease's holder with {@code --leader-elect}. On SIGTERM
 * the running slot finishes and the Lease is released before the JVM halts.
 *
 * @param master the API server URL, or null for the kubeconfig or in-cluster configuration
 * @param kueueQueue the Kueue LocalQueue of the indexed-job driver, or null
 * @param placement the scheduler's placement ({@code least-loaded} for the default)
 * @param metricsAddress the address to serve the metrics on, or null for every interface
 * @param metricsPort where to serve Prometheus metrics, or null for none
 * @param identity this replica's name in the Lease, or null for the pod's or process's
 */
public record ControllerRun(
    String master,
    DriverKind driver,
    String kueueQueue,
    String placement,
    boolean estimateSpeeds,
    String metricsAddress,
    Integer metricsPort,
    boolean once,
    boolean leaderElect,
    String identity) {
  /** How long SIGTERM waits for the running slot: within the Deployment's grace period of 60 s. */
  static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(50);

  /**
   * Runs the controller; {@code output} (the shadow recording, may be null) is marked once the
   * cluster answered.
   */
  public int control(
      ControllerConfig config,
      Scheduler running,
      Optional<OnlineTuner> tuner,
      ShadowRecorder recorder,
      RunOutput output,
      PrintWriter out,
      PrintWriter err) {
    try (ControllerLoop loop =
        ControllerLoop.connect(master, config, running, recorder)
            .using(driver, kueueQueue, placement)) {
      if (output != null) {
        output.mark();
      }
      tuner.ifPresent(loop::tuning);
      if (estimateSpeeds) {
        loop.estimatingSpeeds();
      }
      if (metricsPort != null) {
        try {
          int port = loop.metrics().serve(metricsAddress, metricsPort);
          out.println(
              "metrics on "
                  + (metricsAddress == null ? "port " + port : metricsAddress + " port " + port));
        } catch (IOException e) {
          throw new InputException(
              "--metrics-port "
                  + metricsPort
                  + (metricsAddress == null ? "" : " on " + metricsAddress)
                  + ": "
                  + e.getMessage());
        }
      }
      OperatorLog log = new OperatorLog(out, err);
      driver.placementNote(placement).ifPresent(log::info);
      if (once) {
        log.slot(ClusterCalls.reachable(master, "slot failed", loop::runOnce));
        return 0;
      }
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    log.info("stopping: the running slot finishes first");
                    loop.stop();
                    log.info(
                        loop.awaitFinished(SHUTDOWN_GRACE)
                            ? "stopped" + (loop.releasedLease() ? "; the Lease is released" : "")
                            : "stopping without waiting longer than "
                                + SHUTDOWN_GRACE.toSeconds()
                                + " s for the running slot");
                  },
                  "dl2-controller-shutdown"));
      if (leaderElect) {
        loop.runAsLeader(identity != null ? identity : ReplicaIdentity.ofThisProcess(), log);
      } else {
        loop.run(log);
      }
    }
    return 0;
  }
}
