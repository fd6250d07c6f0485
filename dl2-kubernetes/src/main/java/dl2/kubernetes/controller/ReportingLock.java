package dl2.kubernetes.controller;

import dl2.kubernetes.api.FailureMessage;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The Lease lock, reporting each failed call in one plain line instead of fabric8's stack trace
 * (its elector's log is off, see simplelogger.properties), and a repeated failure only once: a
 * standby that may not patch the Lease would otherwise log a hundred lines every few seconds.
 * Conflicts are the normal race of two candidates and are not reported.
 */
final class ReportingLock implements Lock {
  private final Lock lock;
  private final Consumer<String> report;
  private String last;

  ReportingLock(Lock lock, Consumer<String> report) {
    this.lock = lock;
    this.report = report;
  }

  @Override
  public LeaderElectionRecord get(KubernetesClient client) {
    return reported(() -> lock.get(client));
  }

  @Override
  public void create(KubernetesClient client, LeaderElectionRecord record) {
    reported(() -> {
      lock.create(client, record);
      return null;
    });
  }

  @Override
  public void update(KubernetesClient client, LeaderElectionRecord record) {
    reported(() -> {
      lock.update(client, record);
      return null;
    });
  }

  @Override
  public String identity() {
    return lock.identity();
  }

  @Override
  public String describe() {
    return lock.describe();
  }

  private synchronized <T> T reported(java.util.function.Supplier<T> call) {
    try {
      T result = call.get();
      last = null;
      return result;
    } catch (KubernetesClientException e) {
      String message = e.getCode() == 409 ? null : "the Lease " + LeaseCampaign.LEASE + ": " + FailureMessage.of(e);
      if (message != null && !Objects.equals(message, last)) {
        report.accept(message);
      }
      last = message;
      throw e;
    }
  }
}
