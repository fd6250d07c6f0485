package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.JobPhase;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ControllerMetricsTest {
  private static SlotReport report(int pending, int running, double reward) {
    Map<JobPhase, Integer> phases = new EnumMap<>(JobPhase.class);
    for (JobPhase p : JobPhase.values()) {
      phases.put(p, 0);
    }
    phases.put(JobPhase.Pending, pending);
    phases.put(JobPhase.Running, running);
    List<SlotReport.Allocation> allocations =
        List.of(
            new SlotReport.Allocation("a", 1, "wlm", 3, 2, 1.0, 5.0),
            new SlotReport.Allocation("b", 2, "wlm", 1, 1, 0.0, 5.0));
    return new SlotReport(4, phases, allocations, 0, 0, reward, 2.5, 1500);
  }

  @Test
  void theExpositionHasEveryMetricWithTheLastSlotsValues() {
    ControllerMetrics metrics = new ControllerMetrics();
    metrics.recordSlot(report(1, 2, 0.25));
    metrics.recordSlot(report(0, 3, 0.5));
    metrics.recordFailedSlot();
    String text = metrics.render();
    assertThat(text)
        .contains(
            "dl2_slots_total 2.0\n",
            "dl2_slot_failures_total 1.0\n",
            "dl2_last_slot_duration_seconds 1.5\n",
            "dl2_slot_duration_seconds_bucket{le=\"1.0\"} 0\n",
            "dl2_slot_duration_seconds_bucket{le=\"2.5\"} 2\n",
            "dl2_slot_duration_seconds_count 2\n",
            "dl2_slot_duration_seconds_sum 3.0\n",
            "dl2_last_decision_latency_seconds 0.0025\n",
            "dl2_decision_latency_seconds_bucket{le=\"0.0025\"} 2\n",
            "dl2_jobs{phase=\"Running\"} 3.0\n",
            "dl2_jobs{phase=\"Pending\"} 0.0\n",
            "dl2_allocated_tasks{role=\"worker\"} 4.0\n",
            "dl2_allocated_tasks{role=\"ps\"} 3.0\n",
            "dl2_slot_reward 0.5\n",
            "dl2_api_retries_total 0.0\n",
            "# TYPE dl2_slots_total counter\n",
            "# TYPE dl2_slot_duration_seconds histogram\n",
            "jvm_memory_used_bytes{area=\"heap\"}");
  }

  @Test
  void podChurnIsCountedPerSlotAndInTotal() {
    ControllerMetrics metrics = new ControllerMetrics();
    Map<JobPhase, Integer> phases = new EnumMap<>(JobPhase.class);
    for (JobPhase p : JobPhase.values()) {
      phases.put(p, 0);
    }
    metrics.recordSlot(new SlotReport(1, phases, List.of(), 98, 102, 0, 1, 10));
    metrics.recordSlot(new SlotReport(2, phases, List.of(), 4, 0, 0, 1, 10));
    assertThat(metrics.render())
        .contains(
            "dl2_pods_created_total 102.0\n",
            "dl2_pods_deleted_total 102.0\n",
            "dl2_slot_pods_created 4.0\n",
            "dl2_slot_pods_deleted 0.0\n",
            "# TYPE dl2_pods_created_total counter\n",
            "# TYPE dl2_slot_pods_created gauge\n");
  }

  @Test
  void admissionsRefusalsOfTheLastSlotAreCountedByWhatBecameOfTheJobs() {
    ControllerMetrics metrics = new ControllerMetrics();
    Map<JobPhase, Integer> phases = new EnumMap<>(JobPhase.class);
    for (JobPhase p : JobPhase.values()) {
      phases.put(p, 0);
    }
    metrics.recordSlot(
        new SlotReport(
            7,
            phases,
            List.of(),
            0,
            4,
            0,
            1,
            10,
            List.of(),
            Map.of("c", "failed quota: mem"),
            List.of(),
            Map.of("a", "failed quota: mem", "b", "failed quota: mem")));
    assertThat(metrics.render())
        .contains(
            "dl2_slot_jobs_rejected 1.0\n",
            "dl2_slot_jobs_refused 2.0\n",
            "# TYPE dl2_slot_jobs_refused gauge\n");
    metrics.recordSlot(new SlotReport(8, phases, List.of(), 0, 0, 0, 1, 10));
    assertThat(metrics.render())
        .contains("dl2_slot_jobs_rejected 0.0\n", "dl2_slot_jobs_refused 0.0\n");
  }

  @Test
  void aBindAddressKeepsTheEndpointToThatInterface() throws IOException {
    ControllerMetrics metrics = new ControllerMetrics();
    int port = metrics.serve("127.0.0.1", 0);
    try {
      assertThat(metrics.address().getAddress().isLoopbackAddress()).isTrue();
      HttpURLConnection connection =
          (HttpURLConnection)
              URI.create("http://127.0.0.1:" + port + "/metrics").toURL().openConnection();
      assertThat(connection.getResponseCode()).isEqualTo(200);
    } finally {
      metrics.close();
    }
  }

  @Test
  void theEndpointServesTheText() throws IOException {
    ControllerMetrics metrics = new ControllerMetrics();
    metrics.recordSlot(report(1, 1, 0));
    int port = metrics.serve(0);
    try {
      HttpURLConnection connection =
          (HttpURLConnection)
              URI.create("http://localhost:" + port + "/metrics").toURL().openConnection();
      assertThat(connection.getResponseCode()).isEqualTo(200);
      assertThat(connection.getContentType()).startsWith("text/plain; version=0.0.4");
      try (InputStream in = connection.getInputStream()) {
        // the JVM's metrics move between two scrapes; the controller's do not
        assertThat(dl2Lines(new String(in.readAllBytes(), StandardCharsets.UTF_8)))
            .isEqualTo(dl2Lines(metrics.render()))
            .isNotEmpty();
      }
    } finally {
      metrics.close();
    }
  }

  private static java.util.List<String> dl2Lines(String exposition) {
    return exposition.lines().filter(l -> l.contains("dl2_")).toList();
  }
}
