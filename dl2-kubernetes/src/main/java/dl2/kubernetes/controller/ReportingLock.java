package dl2.kubernetes.controller;

import dl2.kubernetes.api.FailureMessage;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The Lease lock, reporting each failed call in one plain line instead of fabric8's stack trace
 * (its elector's log is off, see simplelogger.properties), and a lasting failure only once: until
 * this replica's acquiring or renewing write succeeds, however often the elector reads it or starts
 * over (one {@link Problems} lives as long as the campaign). Conflicts are the normal race of two
 * candidates and are not reported; a release is no renewal. It also notes when this replica last
 * renewed the Lease, and whether the holder it last read still holds it.
 */
final class ReportingLock implements Lock {
  /** The last problem reported, shared by every elector of one campaign. */
  static final class Problems {
    private String last;
  }

  /** fabric8 releases a Lease by shortening it to this: its holder is not the leader any more. */
  static final Duration RELEASED = Duration.ofSeconds(1);

  private final Lock lock;
  private final Consumer<String> report;
  private final Problems problems;
  private volatile LeaderElectionRecord lastRead;
  private volatile long renewedNanos = Long.MIN_VALUE;

  ReportingLock(Lock lock, Consumer<String> report, Problems problems) {
    this.lock = lock;
    this.report = report;
    this.problems = problems;
  }

  @Override
  public LeaderElectionRecord get(KubernetesClient client) {
    LeaderElectionRecord record = reported(() -> lock.get(client), false);
    lastRead = record;
    return record;
  }

  @Override
  public void create(KubernetesClient client, LeaderElectionRecord record) {
    written(client, record, true);
  }

  @Override
  public void update(KubernetesClient client, LeaderElectionRecord record) {
    written(client, record, false);
  }

  private void written(KubernetesClient client, LeaderElectionRecord record, boolean create) {
    long sent = System.nanoTime();
    boolean holding =
        identity().equals(record.getHolderIdentity())
            && !RELEASED.equals(record.getLeaseDuration());
    reported(
        () -> {
          if (create) {
            lock.create(client, record);
          } else {
            lock.update(client, record);
          }
          return null;
        },
        holding);
    if (holding) {
      renewedNanos = sent; // the Lease lasts from no earlier than this
    }
  }

  /**
   * {@link System#nanoTime()} when a write that made this replica the holder was sent, last; {@link
   * Long#MIN_VALUE} if never.
   */
  long renewedNanos() {
    return renewedNanos;
  }

  /**
   * Whether {@code holder} is the holder of the Lease as last read, and that Lease was released or
   * had expired then.
   */
  boolean stale(String holder) {
    LeaderElectionRecord record = lastRead;
    if (record == null || !Objects.equals(holder, record.getHolderIdentity())) {
      return false;
    }
    boolean released = RELEASED.equals(record.getLeaseDuration());
    ZonedDateTime renewed = record.getRenewTime();
    return released
        || renewed != null
            && record.getLeaseDuration() != null
            && renewed
                .plus(record.getLeaseDuration())
                .isBefore(ZonedDateTime.now(renewed.getZone()));
  }

  @Override
  public String identity() {
    return lock.identity();
  }

  @Override
  public String describe() {
    return lock.describe();
  }

  /**
   * {@code call}, reporting its failure unless the last report said the same; a success that {@code
   * ends} the problem forgets it.
   */
  private <T> T reported(java.util.function.Supplier<T> call, boolean ends) {
    try {
      T result = call.get();
      if (ends) {
        synchronized (problems) {
          problems.last = null;
        }
      }
      return result;
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        String message = "the Lease " + LeaseCampaign.LEASE + ": " + FailureMessage.of(e);
        synchronized (problems) {
          if (!message.equals(problems.last)) {
            report.accept(message);
          }
          problems.last = message;
        }
      }
      throw e;
    }
  }
}
