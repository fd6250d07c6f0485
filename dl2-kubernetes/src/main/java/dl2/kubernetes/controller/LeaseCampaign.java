package dl2.kubernetes.controller;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * This replica's candidacy for the Lease {@code dl2-controller}, in the background: fabric8's
 * elector acquires the Lease and then renews it while this replica leads. The callbacks only flip
 * {@link #leading()} and wake the slot loop: fabric8 8 calls them inside its acquire step, so a
 * callback that ran the slots would keep the Lease from ever being renewed (two leaders after 15
 * s). An elector that lost the Lease is spent; a new one then runs for it again. {@link
 * #mayWrite()} fences the slot's writes: it holds only while the last renewal is younger than the
 * renew deadline, which ends before the Lease can expire for the other replicas. {@link #close()}
 * gives the Lease up if this replica holds it.
 */
final class LeaseCampaign implements AutoCloseable {
  static final String LEASE = "dl2-controller";

  private final KubernetesClient client;
  private final String namespace;
  private final String identity;
  private final LeaseTiming timing;
  private final Consumer<String> onLeader;
  private final Consumer<String> onProblem;
  private final Runnable onChange;
  private final ReportingLock.Problems problems = new ReportingLock.Problems();
  private volatile boolean leading;
  private volatile ReportingLock lock;
  private boolean closed;
  private volatile boolean released;
  private CompletableFuture<?> election;

  /**
   * Starts running for the Lease at once; {@code onLeader} hears each new holder's identity, {@code
   * onProblem} each failed Lease call in plain words, and {@code onChange} runs whenever {@link
   * #leading()} changes.
   */
  LeaseCampaign(
      KubernetesClient client,
      String namespace,
      String identity,
      LeaseTiming timing,
      Consumer<String> onLeader,
      Consumer<String> onProblem,
      Runnable onChange) {
    this.client = client;
    this.namespace = namespace;
    this.identity = identity;
    this.timing = timing;
    this.onLeader = onLeader;
    this.onProblem = onProblem;
    this.onChange = onChange;
    start();
  }

  /** Whether this replica holds the Lease (as of its last acquire or renewal). */
  boolean leading() {
    return leading;
  }

  /**
   * Whether this replica may still write: it leads, and renewed the Lease less than the renew
   * deadline ago (counted from when the renewal was sent), so no other replica can lead yet.
   */
  boolean mayWrite() {
    ReportingLock current = lock;
    return leading
        && current != null
        && current.renewedNanos() != Long.MIN_VALUE
        && System.nanoTime() - current.renewedNanos() < timing.renewDeadline().toNanos();
  }

  private synchronized void start() {
    if (closed) {
      return;
    }
    ReportingLock reporting =
        new ReportingLock(new LeaseLock(namespace, LEASE, identity), onProblem, problems);
    lock = reporting;
    var settings =
        new LeaderElectionConfigBuilder()
            .withName(LEASE)
            .withLock(reporting)
            .withLeaseDuration(timing.lease())
            .withRenewDeadline(timing.renewDeadline())
            .withRetryPeriod(timing.retry())
            .withReleaseOnCancel(true)
            .withLeaderCallbacks(
                new LeaderCallbacks(
                    () -> setLeading(true), () -> setLeading(false), this::newLeader))
            .build();
    CompletableFuture<?> started = client.leaderElector().withConfig(settings).build().start();
    election = started;
    started.whenComplete(
        (done, failure) -> {
          setLeading(false);
          start(); // the renewals stopped (the Lease was lost): run for it again, unless closed
        });
  }

  /**
   * A new holder, unless the Lease it was read from was released or had expired: a stale name, not
   * a leader.
   */
  private void newLeader(String holder) {
    ReportingLock current = lock;
    if (holder != null && !holder.isEmpty() && (current == null || !current.stale(holder))) {
      onLeader.accept(holder);
    }
  }

  private void setLeading(boolean now) {
    if (leading != now) {
      leading = now;
      onChange.run();
    }
  }

  /**
   * Stops running for the Lease and releases it if held, so that another replica takes over at
   * once.
   */
  @Override
  public void close() {
    CompletableFuture<?> running;
    synchronized (this) {
      closed = true;
      running = election;
    }
    released = leading;
    if (running != null) {
      running.cancel(true); // with release-on-cancel, fabric8 releases the Lease in this call
    }
    setLeading(false);
  }

  /** Whether {@link #close()} gave the Lease up: this replica held it then. */
  boolean released() {
    return released;
  }
}
