package dl2.kubernetes.controller;

import com.sun.net.httpserver.HttpServer;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.JobPhase;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The controller's Prometheus metrics in the plain-text exposition format (version 0.0.4): slot
 * duration and decision latency (last value, sum and count), jobs by phase, allocated tasks by
 * role, the pods created and deleted (the churn: in the last slot and in total), the slot reward,
 * API retries, failed slots and guard fallbacks. {@link #serve} exposes them on {@code /metrics}.
 */
public final class ControllerMetrics {
  private final Map<JobPhase, Integer> phases = new EnumMap<>(JobPhase.class);
  private long slots;
  private long failedSlots;
  private long fallbacks;
  private double slotSeconds;
  private double slotSecondsSum;
  private double decisionSeconds;
  private double decisionSecondsSum;
  private int workers;
  private int parameterServers;
  private double reward;
  private int podsCreated;
  private int podsDeleted;
  private long podsCreatedTotal;
  private long podsDeletedTotal;
  private ApiRetry retry;
  private HttpServer server;

  public synchronized void recordSlot(SlotReport report) {
    slots++;
    slotSeconds = report.slotMillis() / 1000;
    slotSecondsSum += slotSeconds;
    decisionSeconds = report.decisionMillis() / 1000;
    decisionSecondsSum += decisionSeconds;
    phases.putAll(report.phases());
    workers = report.workers();
    parameterServers = report.parameterServers();
    reward = report.reward();
    podsCreated = report.podsCreated();
    podsDeleted = report.podsDeleted();
    podsCreatedTotal += podsCreated;
    podsDeletedTotal += podsDeleted;
  }

  public synchronized void recordFailedSlot() {
    failedSlots++;
  }

  /** The online-RL guard fell back to the teacher. */
  public synchronized void recordFallback() {
    fallbacks++;
  }

  synchronized void countRetriesOf(ApiRetry apiRetry) {
    this.retry = apiRetry;
  }

  /** The exposition text, metrics in a fixed order. */
  public synchronized String render() {
    StringBuilder out = new StringBuilder();
    metric(out, "dl2_slots_total", "counter", "Slots reconciled.", slots);
    metric(
        out, "dl2_slot_failures_total", "counter", "Slots that failed after retries.", failedSlots);
    metric(
        out,
        "dl2_slot_duration_seconds",
        "gauge",
        "Duration of the last slot's reconciliation.",
        slotSeconds);
    metric(
        out,
        "dl2_slot_duration_seconds_sum",
        "counter",
        "Total reconciliation time.",
        slotSecondsSum);
    metric(
        out,
        "dl2_decision_latency_seconds",
        "gauge",
        "Time the scheduler took to decide the last slot.",
        decisionSeconds);
    metric(
        out,
        "dl2_decision_latency_seconds_sum",
        "counter",
        "Total decision time.",
        decisionSecondsSum);
    out.append("# HELP dl2_jobs DL2Jobs by phase after the last slot.\n# TYPE dl2_jobs gauge\n");
    for (JobPhase phase : JobPhase.values()) {
      out.append("dl2_jobs{phase=\"")
          .append(phase.name())
          .append("\"} ")
          .append(phases.getOrDefault(phase, 0))
          .append('\n');
    }
    out.append(
        "# HELP dl2_allocated_tasks Tasks allocated in the last slot.\n# TYPE dl2_allocated_tasks gauge\n");
    out.append("dl2_allocated_tasks{role=\"worker\"} ").append(workers).append('\n');
    out.append("dl2_allocated_tasks{role=\"ps\"} ").append(parameterServers).append('\n');
    metric(out, "dl2_slot_pods_created", "gauge", "Pods created in the last slot.", podsCreated);
    metric(out, "dl2_slot_pods_deleted", "gauge", "Pods deleted in the last slot.", podsDeleted);
    metric(
        out,
        "dl2_pods_created_total",
        "counter",
        "Pods created (every creation restarts a job from its checkpoint).",
        podsCreatedTotal);
    metric(out, "dl2_pods_deleted_total", "counter", "Pods deleted.", podsDeletedTotal);
    metric(
        out,
        "dl2_slot_reward",
        "gauge",
        "Sum of reported progress/epochs since the previous slot (the RL reward).",
        reward);
    metric(
        out,
        "dl2_api_retries_total",
        "counter",
        "API calls retried after 5xx, 409, 429 or timeouts.",
        retry == null ? 0 : retry.retries());
    metric(
        out,
        "dl2_guard_fallbacks_total",
        "counter",
        "Slots in which the online-RL guard used the teacher.",
        fallbacks);
    return out.toString();
  }

  private static void metric(
      StringBuilder out, String name, String type, String help, double value) {
    out.append("# HELP ")
        .append(name)
        .append(' ')
        .append(help)
        .append('\n')
        .append("# TYPE ")
        .append(name)
        .append(' ')
        .append(type)
        .append('\n')
        .append(name)
        .append(' ')
        .append(format(value))
        .append('\n');
  }

  private static String format(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.6g", value);
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
    server =
        HttpServer.create(
            address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port),
            0);
    server.createContext(
        "/metrics",
        exchange -> {
          byte[] body = render().getBytes(StandardCharsets.UTF_8);
          exchange
              .getResponseHeaders()
              .set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream os = exchange.getResponseBody()) {
            os.write(body);
          }
        });
    server.start();
    return server.getAddress().getPort();
  }

  /** Where the endpoint listens; null when not serving. */
  synchronized InetSocketAddress address() {
    return server == null ? null : server.getAddress();
  }

  public synchronized void close() {
    if (server != null) {
      server.stop(0);
      server = null;
    }
  }
}
