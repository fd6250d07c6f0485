package dl2.kubernetes.controller;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.JobPhase;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The controller's Prometheus metrics, through the Prometheus Java client: slot duration and
 * decision latency as histograms (with the last value as a gauge), jobs by phase, allocated tasks
 * by role, the pods created and deleted (the churn: in the last slot and in total), the jobs whose
 * objects admission refused in the last slot (rejected, or running and kept), the slot reward, API
 * retries, failed slots, guard fallbacks, and the JVM's own metrics. {@link #serve} exposes them on
 * {@code /metrics}.
 */
public final class ControllerMetrics {
  /** Slot reconciliations take from milliseconds (tests) to minutes (a slow API server). */
  private static final double[] SLOT_SECONDS = {
    0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 60, 120, 300
  };

  /** Decisions take from microseconds (heuristics) to seconds (a large policy on a big cluster). */
  private static final double[] DECISION_SECONDS = {
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5
  };

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Counter slots = counter("dl2_slots_total", "Slots reconciled.");
  private final Counter failedSlots =
      counter("dl2_slot_failures_total", "Slots that failed after retries.");
  private final Counter fallbacks =
      counter("dl2_guard_fallbacks_total", "Slots in which the online-RL guard used the teacher.");
  private final Counter podsCreatedTotal =
      counter(
          "dl2_pods_created_total",
          "Pods created (every creation restarts a job from its checkpoint).");
  private final Counter podsDeletedTotal = counter("dl2_pods_deleted_total", "Pods deleted.");
  private final Histogram slotDuration =
      histogram(
          "dl2_slot_duration_seconds", "Duration of each slot's reconciliation.", SLOT_SECONDS);
  private final Histogram decisionLatency =
      histogram(
          "dl2_decision_latency_seconds",
          "Time the scheduler took to decide each slot.",
          DECISION_SECONDS);
  private final Gauge lastSlotDuration =
      gauge("dl2_last_slot_duration_seconds", "Duration of the last slot's reconciliation.");
  private final Gauge lastDecisionLatency =
      gauge(
          "dl2_last_decision_latency_seconds", "Time the scheduler took to decide the last slot.");
  private final Gauge jobs =
      Gauge.builder()
          .name("dl2_jobs")
          .help("DL2Jobs by phase after the last slot.")
          .labelNames("phase")
          .register(registry);
  private final Gauge allocatedTasks =
      Gauge.builder()
          .name("dl2_allocated_tasks")
          .help("Tasks allocated in the last slot.")
          .labelNames("role")
          .register(registry);
  private final Gauge podsCreated =
      gauge("dl2_slot_pods_created", "Pods created in the last slot.");
  private final Gauge podsDeleted =
      gauge("dl2_slot_pods_deleted", "Pods deleted in the last slot.");
  private final Gauge jobsRejected =
      gauge(
          "dl2_slot_jobs_rejected",
          "Jobs whose objects the API server refused in the last slot, left out (Rejected).");
  private final Gauge jobsRefused =
      gauge(
          "dl2_slot_jobs_refused",
          "Running jobs whose new pods the API server refused in the last slot (they keep theirs).");
  private final Gauge reward =
      gauge(
          "dl2_slot_reward",
          "Sum of reported progress/epochs since the previous slot (the RL reward).");
  private volatile ApiRetry retry;
  private HTTPServer server;
  private InetAddress boundAddress;

  public ControllerMetrics() {
    for (JobPhase phase : JobPhase.values()) {
      jobs.labelValues(phase.name()).set(0);
    }
    allocatedTasks.labelValues("worker").set(0);
    allocatedTasks.labelValues("ps").set(0);
    CounterWithCallback.builder()
        .name("dl2_api_retries_total")
        .help("API calls retried after 5xx, 409, 429 or timeouts.")
        .callback(callback -> callback.call(retry == null ? 0 : retry.retries()))
        .register(registry);
    JvmMetrics.builder().register(registry);
  }

  public synchronized void recordSlot(SlotReport report) {
    slots.inc();
    double slotSeconds = report.slotMillis() / 1000;
    double decisionSeconds = report.decisionMillis() / 1000;
    slotDuration.observe(slotSeconds);
    decisionLatency.observe(decisionSeconds);
    lastSlotDuration.set(slotSeconds);
    lastDecisionLatency.set(decisionSeconds);
    for (Map.Entry<JobPhase, Integer> phase : report.phases().entrySet()) {
      jobs.labelValues(phase.getKey().name()).set(phase.getValue());
    }
    allocatedTasks.labelValues("worker").set(report.workers());
    allocatedTasks.labelValues("ps").set(report.parameterServers());
    reward.set(report.reward());
    podsCreated.set(report.podsCreated());
    podsDeleted.set(report.podsDeleted());
    podsCreatedTotal.inc(report.podsCreated());
    podsDeletedTotal.inc(report.podsDeleted());
    jobsRejected.set(report.rejected().size());
    jobsRefused.set(report.refused().size());
  }

  public void recordFailedSlot() {
    failedSlots.inc();
  }

  /** The online-RL guard fell back to the teacher. */
  public void recordFallback() {
    fallbacks.inc();
  }

  void countRetriesOf(ApiRetry apiRetry) {
    this.retry = apiRetry;
  }

  /** The exposition text (Prometheus text format 0.0.4), as {@code /metrics} serves it. */
  public String render() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      PrometheusTextFormatWriter.create().write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * Serves {@code /metrics} on every interface's {@code port} (0: any free port); returns the port.
   */
  public synchronized int serve(int port) throws IOException {
    return serve(null, port);
  }

  /**
   * Serves {@code /metrics} on {@code address} (null: every interface) and {@code port} (0: any
   * free port); returns the port.
   */
  public synchronized int serve(String address, int port) throws IOException {
    boundAddress =
        address == null ? new InetSocketAddress(0).getAddress() : InetAddress.getByName(address);
    server =
        HTTPServer.builder()
            .port(port)
            .inetAddress(boundAddress)
            .registry(registry)
            .buildAndStart();
    return server.getPort();
  }

  /** Where the endpoint listens; null when not serving. */
  synchronized InetSocketAddress address() {
    return server == null ? null : new InetSocketAddress(boundAddress, server.getPort());
  }

  public synchronized void close() {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  private Counter counter(String name, String help) {
    return Counter.builder().name(name).help(help).register(registry);
  }

  private Gauge gauge(String name, String help) {
    return Gauge.builder().name(name).help(help).register(registry);
  }

  private Histogram histogram(String name, String help, double[] bounds) {
    return Histogram.builder()
        .name(name)
        .help(help)
        .classicOnly()
        .classicUpperBounds(bounds)
        .register(registry);
  }
}
