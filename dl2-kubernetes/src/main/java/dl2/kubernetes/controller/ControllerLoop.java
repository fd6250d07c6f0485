package dl2.kubernetes.controller;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterConnection;
import dl2.kubernetes.api.FailureMessage;
import dl2.kubernetes.api.WriteFence;
import dl2.kubernetes.driver.DriverKind;
import dl2.slot.Scheduler;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The controller process: one reconciliation at the start of every slot, on the wall clock. With
 * leader election only the replica holding the Lease {@code dl2-controller} runs slots, so two
 * replicas are safe; {@link #stop()} (e.g. from a shutdown hook) lets the running slot finish, then
 * returns from the loop and releases the Lease; {@link #awaitFinished} lets the hook wait for that
 * before the JVM halts. A leader's every write is fenced by the Lease ({@link
 * LeaseCampaign#mayWrite}). Slots run in order: a slot that overran the next one's start makes that
 * one run late rather than vanish (only when more than one slot went by is the clock's slot run,
 * and the skipped ones said).
 */
public final class ControllerLoop implements AutoCloseable {
  /** A failed slot is retried this much later, or after one slot if that is shorter. */
  static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(10);

  private final KubernetesClient client;
  private final ControllerConfig config;
  private final SlotController controller;
  private final Clock clock;
  private final Pause pause;
  private final ControllerMetrics metrics = new ControllerMetrics();
  private final Object wakeUp = new Object();
  private final CountDownLatch finished = new CountDownLatch(1);
  private LeaseTiming leaseTiming = LeaseTiming.STANDARD;
  private volatile boolean stopped;
  private volatile boolean releasedLease;

  ControllerLoop(
      KubernetesClient client,
      ControllerConfig config,
      Scheduler scheduler,
      ShadowRecorder shadow,
      Clock clock,
      Pause pause) {
    this.client = client;
    this.config = config;
    this.clock = clock;
    this.pause = pause;
    ApiRetry retry = ApiRetry.standard();
    this.controller = new SlotController(client, config, scheduler, clock, retry);
    metrics.countRetriesOf(retry);
    if (shadow != null) {
      controller.recordingTo(shadow);
    }
  }

  /**
   * Connects with the usual configuration (in-cluster, KUBECONFIG or ~/.kube/config), or to {@code
   * masterUrl}, failing within seconds with the cause ({@link ClusterConnection}); {@code shadow}
   * (may be null) records the decisions as warm-up samples. The pods driver applies allocations
   * unless {@link #using} says otherwise.
   */
  public static ControllerLoop connect(
      String masterUrl, ControllerConfig config, Scheduler scheduler, ShadowRecorder shadow) {
    KubernetesClient client = ClusterConnection.connect(masterUrl, config.namespace());
    try {
      StartChecks.check(client, config, DriverKind.PODS);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
    return new ControllerLoop(client, config, scheduler, shadow, Clock.systemUTC(), Pause.MONITOR);
  }

  /** {@link #using(DriverKind, String, String)} under the default placement. */
  public ControllerLoop using(DriverKind kind, String kueueQueue) {
    return using(kind, kueueQueue, null);
  }

  /**
   * Applies allocations with driver {@code kind}; {@code kueueQueue} and {@code placement} (may be
   * null) as in {@link SlotController#using(DriverKind, String, String)}. A server older than the
   * driver needs, or without Volcano for the volcano driver, is refused here ({@link
   * dl2.io.InputException}).
   */
  public ControllerLoop using(DriverKind kind, String kueueQueue, String placement) {
    StartChecks.check(client, config, kind);
    controller.using(kind, kueueQueue, placement);
    return this;
  }

  /** Leader election with other timings than the standard (tests). */
  ControllerLoop leasing(LeaseTiming timing) {
    this.leaseTiming = timing;
    return this;
  }

  /** Runs a single slot now. */
  public SlotReport runOnce() {
    return runOnce(WriteFence.NONE, OptionalInt.empty());
  }

  private SlotReport runOnce(WriteFence fence, OptionalInt slot) {
    SlotReport report = controller.reconcile(fence, slot);
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

  /**
   * Runs slots until {@link #stop()}; a failed slot is reported and retried {@link
   * #RETRY_AFTER_FAILURE} later.
   */
  public void run(LoopListener listener) {
    try {
      slots(() -> true, WriteFence.NONE, listener);
    } finally {
      finished.countDown();
    }
  }

  /**
   * Like {@link #run}, but only while this replica ({@code identity}) holds the Lease: a standby
   * waits, and a leader that loses the Lease stops after its running slot and runs for it again.
   * Once stopped, the Lease is released after the last slot ended.
   */
  public void runAsLeader(String identity, LoopListener listener) {
    LeaseCampaign campaign =
        new LeaseCampaign(
            client,
            config.namespace(),
            identity,
            leaseTiming,
            listener::leader,
            listener::note,
            this::wake);
    try (campaign) {
      WriteFence fence =
          () -> {
            if (!campaign.mayWrite()) {
              throw new WriteFence.Fenced(
                  "this replica lost the Lease "
                      + LeaseCampaign.LEASE
                      + " (no renewal for "
                      + leaseTiming.renewDeadline().toSeconds()
                      + " s); the new leader redoes the slot");
            }
          };
      while (!stopped) {
        awaitLeadership(campaign);
        if (!stopped) {
          slots(campaign::leading, fence, listener);
          if (!stopped) {
            listener.note("lost the Lease " + LeaseCampaign.LEASE + "; running for it again");
          }
        }
      }
    } finally {
      releasedLease = campaign.released();
      finished.countDown();
    }
  }

  private void awaitLeadership(LeaseCampaign campaign) {
    synchronized (wakeUp) {
      while (!stopped && !campaign.leading()) {
        try {
          pause.await(wakeUp, TimeUnit.SECONDS.toNanos(1));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          stopped = true;
        }
      }
    }
  }

  /**
   * Slots while {@code allowed}, each at its start on the controller's clock, every write asking
   * {@code fence}.
   */
  private void slots(BooleanSupplier allowed, WriteFence fence, LoopListener listener) {
    Integer last = null;
    while (!stopped && allowed.getAsBoolean()) {
      Instant next;
      try {
        SlotReport report =
            runOnce(fence, SlotCatchUp.following(last, clock, controller::slotStart, listener));
        listener.slot(report);
        last = report.slot();
        next = controller.slotStart(report.slot() + 1);
      } catch (RuntimeException e) {
        metrics.recordFailedSlot();
        listener.slotFailed(FailureMessage.of(e));
        Duration retry =
            RETRY_AFTER_FAILURE.compareTo(Duration.ofSeconds(config.slotSeconds())) < 0
                ? RETRY_AFTER_FAILURE
                : Duration.ofSeconds(config.slotSeconds());
        next = clock.instant().plus(retry);
      }
      sleepUntil(next, allowed);
    }
  }

  /**
   * Returns once the controller's clock reads {@code next} or later (or on stop): the wait is
   * rounded up and repeated, because a monitor may wake up to a millisecond early, and a slot begun
   * a moment before its start would redo the previous slot.
   */
  private void sleepUntil(Instant next, BooleanSupplier allowed) {
    synchronized (wakeUp) {
      long nanos;
      while (!stopped
          && allowed.getAsBoolean()
          && (nanos = Duration.between(clock.instant(), next).toNanos()) > 0) {
        try {
          pause.await(wakeUp, nanos);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          stopped = true;
        }
      }
    }
  }

  private void wake() {
    synchronized (wakeUp) {
      wakeUp.notifyAll();
    }
  }

  /** Stops after the running slot (never interrupting its API calls); safe from any thread. */
  public void stop() {
    synchronized (wakeUp) {
      stopped = true;
      wakeUp.notifyAll();
    }
  }

  /**
   * Waits until {@link #run} or {@link #runAsLeader} has returned (its last slot ended and the
   * Lease was released), at most {@code timeout}; true if it did. For a shutdown hook: the JVM
   * halts as soon as its hooks return.
   */
  public boolean awaitFinished(Duration timeout) {
    try {
      return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Whether the loop, once stopped, released the Lease: it ran as the Lease's holder until then.
   */
  public boolean releasedLease() {
    return releasedLease;
  }

  @Override
  public void close() {
    stop();
    metrics.close();
    client.close();
  }
}
