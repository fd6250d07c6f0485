package dl2.kubernetes.controller;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterConnection;
import dl2.kubernetes.driver.DriverKind;
import dl2.slot.Scheduler;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * The controller process: one reconciliation at the start of every slot, on the wall clock.
 * With leader election only the replica holding the Lease {@code dl2-controller} runs slots, so
 * two replicas are safe; {@link #stop()} (e.g. from a shutdown hook) lets the running slot
 * finish, then returns from the loop and releases the Lease.
 */
public final class ControllerLoop implements AutoCloseable {
  static final String LEASE = "dl2-controller";

  private final KubernetesClient client;
  private final ControllerConfig config;
  private final SlotController controller;
  private final ControllerMetrics metrics = new ControllerMetrics();
  private final Object wakeUp = new Object();
  private volatile boolean stopped;
  private volatile java.util.concurrent.Future<?> election;
  private volatile LeaderElector elector;
  private volatile boolean leading;

  private ControllerLoop(KubernetesClient client, ControllerConfig config, Scheduler scheduler, ShadowRecorder shadow) {
    this.client = client;
    this.config = config;
    ApiRetry retry = ApiRetry.standard();
    this.controller = new SlotController(client, config, scheduler, Clock.systemUTC(), retry);
    metrics.countRetriesOf(retry);
    if (shadow != null) {
      controller.recordingTo(shadow);
    }
  }

  /**
   * Connects with the usual configuration (in-cluster, KUBECONFIG or ~/.kube/config), or to
   * {@code masterUrl}, failing within seconds with the cause ({@link ClusterConnection}); {@code shadow} (may be null)
   * records the decisions as warm-up samples. The pods driver applies allocations unless {@link #using} says otherwise.
   */
  public static ControllerLoop connect(String masterUrl, ControllerConfig config, Scheduler scheduler, ShadowRecorder shadow) {
    return new ControllerLoop(ClusterConnection.connect(masterUrl, config.namespace()), config, scheduler, shadow);
  }

  /** Applies allocations with driver {@code kind}; {@code kueueQueue} (may be null) as in {@link SlotController#using}. */
  public ControllerLoop using(DriverKind kind, String kueueQueue) {
    controller.using(kind, kueueQueue);
    return this;
  }

  /** Runs a single slot now. */
  public SlotReport runOnce() {
    SlotReport report = controller.reconcile();
    metrics.recordSlot(report);
    return report;
  }

  /** Online fine-tuning; {@code tuner} must be the scheduler this loop was connected with. */
  public ControllerLoop tuning(dl2.learning.rl.OnlineTuner tuner) {
    controller.tuning(tuner, metrics);
    return this;
  }

  /** Optimus' dry runs use speeds estimated from the progress reports. */
  public ControllerLoop estimatingSpeeds() {
    controller.estimatingSpeeds();
    return this;
  }

  public ControllerMetrics metrics() {
    return metrics;
  }

  /** Runs slots until {@link #stop()}; a failed slot is reported and retried at the next slot. */
  public void run(Consumer<SlotReport> onSlot, Consumer<RuntimeException> onError) {
    while (!stopped) {
      Instant next;
      try {
        SlotReport report = runOnce();
        onSlot.accept(report);
        next = controller.slotStart(report.slot() + 1);
      } catch (RuntimeException e) {
        metrics.recordFailedSlot();
        onError.accept(e);
        next = Instant.now().plusSeconds(Math.min(config.slotSeconds(), 10));
      }
      sleepUntil(next);
    }
  }

  /** Like {@link #run}, but only while this replica ({@code identity}) holds the Lease. */
  public void runAsLeader(String identity, Consumer<SlotReport> onSlot, Consumer<RuntimeException> onError,
      Consumer<String> onLeader) {
    var settings = new LeaderElectionConfigBuilder().withName(LEASE)
        .withLock(new LeaseLock(config.namespace(), LEASE, identity))
        .withLeaseDuration(Duration.ofSeconds(15)).withRenewDeadline(Duration.ofSeconds(10))
        .withRetryPeriod(Duration.ofSeconds(2)).withReleaseOnCancel(false)
        .withLeaderCallbacks(new LeaderCallbacks(() -> lead(onSlot, onError), this::stop, onLeader::accept))
        .build();
    elector = client.leaderElector().withConfig(settings).build();
    var future = elector.start();
    this.election = future;
    if (stopped) {
      future.cancel(true);
    }
    try {
      future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.CancellationException e) {
      // stop(): the Lease has been released
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("leader election failed: " + e.getCause(), e.getCause());
    } finally {
      future.cancel(true);
    }
  }

  /** Runs slots while leading; once stopped, gives the Lease up (only after the last slot ended). */
  private void lead(Consumer<SlotReport> onSlot, Consumer<RuntimeException> onError) {
    leading = true;
    try {
      run(onSlot, onError);
    } finally {
      leading = false;
      try {
        elector.release(); // now, while the client is open, so that the other replica takes over at once
      } catch (RuntimeException e) {
        // The Lease then expires by itself after its duration.
      }
      cancelElection();
    }
  }

  private void cancelElection() {
    java.util.concurrent.Future<?> running = election;
    if (running != null) {
      running.cancel(false);
    }
  }

  /** Stops after the running slot (never interrupting its API calls); safe from any thread. */
  public void stop() {
    synchronized (wakeUp) {
      stopped = true;
      wakeUp.notifyAll();
    }
    if (!leading) {
      cancelElection(); // a leader cancels once its running slot has ended
    }
  }

  private void sleepUntil(Instant next) {
    synchronized (wakeUp) {
      long millis;
      while (!stopped && (millis = Duration.between(Instant.now(), next).toMillis()) > 0) {
        try {
          wakeUp.wait(millis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  @Override
  public void close() {
    stop();
    metrics.close();
    client.close();
  }
}
