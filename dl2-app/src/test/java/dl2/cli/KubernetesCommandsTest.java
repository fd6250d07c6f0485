package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.console.EmulatorView;
import dl2.emulator.MockCluster;
import dl2.io.Json;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.model.ClusterSpec;
import java.io.IOException;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** cluster-emulator, controller and report-progress through the real command line. */
class KubernetesCommandsTest {
  private static final JsonMapper JSON = Json.mapper();

  @Test
  void clusterEmulatorWritesTheSimulatorsJsonWithTheSimulatorsJcts() throws IOException {
    String[] common = {
      "--scheduler", "fifo", "--workload", "paper-testbed", "--traces", "1", "--json", "-"
    };
    CliRun emulated = CliRun.of(concat("cluster-emulator", common));
    CliRun simulated = CliRun.of(concat("simulate", common));
    assertThat(emulated.exitCode()).as(emulated.err()).isZero();
    JsonNode a = JSON.readTree(emulated.out());
    JsonNode b = JSON.readTree(simulated.out());
    assertThat(a.properties().stream().map(e -> e.getKey()))
        .containsExactly(
            "dl2",
            "scheduler",
            "workload",
            "seed",
            "trace_set",
            "mean_avg_jct",
            "mean_waiting",
            "traces");
    assertThat(a.get("dl2").get("format").asString()).isEqualTo("simulation");
    assertThat(a.get("traces").get(0).get("jobs")).hasSize(10);
    for (int i = 0; i < 10; i++) {
      assertThat(a.get("traces").get(0).get("jobs").get(i).get("jct").asDouble())
          .isCloseTo(
              b.get("traces").get(0).get("jobs").get(i).get("jct").asDouble(), Offset.offset(1e-6));
      // The emulator sees a job's first pods in the slot the simulator first allocates it.
      assertThat(a.get("traces").get(0).get("jobs").get(i).get("first_start_slot"))
          .isEqualTo(b.get("traces").get(0).get("jobs").get(i).get("first_start_slot"));
    }
    assertThat(emulated.err()).contains("via the emulated Kubernetes cluster", "mean");
  }

  @Test
  void aScalingCostSlowsTheEmulatedClusterExactlyAsItSlowsTheSimulator() throws IOException {
    String[] common = {
      "--scheduler", "drf", "--workload", "paper-testbed", "--traces", "1", "--json", "-"
    };
    double free =
        JSON.readTree(CliRun.of(concat("simulate", common)).out()).get("mean_avg_jct").asDouble();
    String[] costly = concat("--scaling-cost", concat("restart:120", common));
    CliRun simulated = CliRun.of(concat("simulate", costly));
    CliRun emulated = CliRun.of(concat("cluster-emulator", costly));
    assertThat(emulated.exitCode()).as(emulated.err()).isZero();
    double simulatedJct = JSON.readTree(simulated.out()).get("mean_avg_jct").asDouble();
    assertThat(simulatedJct).isGreaterThan(free);
    assertThat(JSON.readTree(emulated.out()).get("mean_avg_jct").asDouble())
        .isCloseTo(simulatedJct, Offset.offset(1e-6));
    CliRun bad = CliRun.of("simulate", "--scheduler", "drf", "--scaling-cost", "hot:-1");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .startsWith("dl2: --scaling-cost must be none, hot[:SECONDS] or restart[:SECONDS]");
  }

  @Test
  void theIndexedJobDriverRunsInTheEmulatorAndItsOptionsAreChecked() throws IOException {
    String[] common = {
      "--scheduler", "optimus", "--workload", "paper-testbed", "--traces", "1", "--json", "-"
    };
    CliRun emulated =
        CliRun.of(concat("cluster-emulator", concat("--driver", concat("indexed-job", common))));
    assertThat(emulated.exitCode()).as(emulated.err()).isZero();
    assertThat(JSON.readTree(emulated.out()).get("mean_avg_jct").asDouble())
        .isCloseTo(
            JSON.readTree(CliRun.of(concat("simulate", common)).out())
                .get("mean_avg_jct")
                .asDouble(),
            Offset.offset(1e-6));
    CliRun badDriver = CliRun.of("cluster-emulator", "--scheduler", "drf", "--driver", "jobs");
    assertThat(badDriver.exitCode()).isEqualTo(2);
    assertThat(badDriver.err())
        .isEqualTo(
            "dl2: --driver must be pods, volcano or indexed-job: jobs" + System.lineSeparator());
    CliRun kueueWithPods =
        CliRun.of(
            "controller", "--kueue-queue", "research", "--once", "--master", "http://127.0.0.1:1");
    assertThat(kueueWithPods.exitCode()).isEqualTo(2);
    assertThat(kueueWithPods.err())
        .isEqualTo("dl2: --kueue-queue needs --driver indexed-job" + System.lineSeparator());
  }

  @Test
  void clusterEmulatorShowsEverySlotWithoutJson() {
    CliRun run =
        CliRun.of(
            "cluster-emulator",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--pace",
            "0");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("test-0 slot 0: ", "10/10 done, 0 running, 0 queued; gpu ", "mean");
    assertThat(run.out().lines().filter(line -> line.startsWith("test-0 slot ")))
        .hasSizeGreaterThan(3)
        .allMatch(line -> line.length() <= EmulatorView.COLUMNS);
  }

  @Test
  void reportProgressPatchesTheStatusAndTheControllerAdmitsAndPlacesTheJob() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "bert", "resnet-50", 20);
      CliRun once =
          CliRun.of(
              "controller",
              "--master",
              cluster.masterUrl(),
              "--namespace",
              "team",
              "--once",
              "--task-cap",
              "2");
      assertThat(once.exitCode()).as(once.err()).isZero();
      assertThat(once.out()).contains("slot 0: 0 pending, 1 running");
      // DRF grows the only job bundle by bundle up to the cap: 2 workers and 2 PSs, one bundle per
      // node.
      assertThat(cluster.podNames("team"))
          .containsExactly("bert-ps-0", "bert-ps-1", "bert-worker-0", "bert-worker-1");

      CliRun report =
          CliRun.of(
              "report-progress",
              "--master",
              cluster.masterUrl(),
              "--namespace",
              "team",
              "--job",
              "bert",
              "--epochs",
              "2.5");
      assertThat(report.exitCode()).as(report.err()).isZero();
      Dl2JobStatus status = cluster.status("team", "bert");
      assertThat(status.epochsDone).isEqualTo(2.5);
      assertThat(status.phase).isEqualTo("Running");
      assertThat(status.jobId).isEqualTo(1);
      assertThat(status.workers).isEqualTo(2);
    }
  }

  @Test
  void badInputIsOneLineAndExitCode2() {
    assertThat(CliRun.of("report-progress", "--job", "x", "--epochs", "-1").err())
        .isEqualTo("dl2: --epochs must be a non-negative number: -1.0" + System.lineSeparator());
    assertThat(
            CliRun.of(
                    "cluster-emulator",
                    "--scheduler",
                    "drf",
                    "--workload",
                    "paper-testbed",
                    "--speed-noise",
                    "0.1")
                .exitCode())
        .isEqualTo(2);
    CliRun grace = CliRun.of("controller", "--not-ready-grace", "-5", "--once");
    assertThat(grace.exitCode()).isEqualTo(2);
    assertThat(grace.err())
        .isEqualTo("dl2: --not-ready-grace must be 0..86400 seconds: -5" + System.lineSeparator());
    CliRun label = CliRun.of("controller", "--gpu-label", "gpu product", "--once");
    assertThat(label.exitCode()).isEqualTo(2);
    assertThat(label.err())
        .isEqualTo(
            "dl2: --gpu-label must be a label key without spaces: 'gpu product'"
                + System.lineSeparator());
    CliRun address = CliRun.of("controller", "--metrics-bind-address", "127.0.0.1", "--once");
    assertThat(address.exitCode()).isEqualTo(2);
    assertThat(address.err())
        .isEqualTo("dl2: --metrics-bind-address needs --metrics-port" + System.lineSeparator());
    CliRun unknown =
        CliRun.of(
            "controller",
            "--metrics-port",
            "0",
            "--metrics-bind-address",
            "no-such-host.invalid",
            "--once");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err())
        .isEqualTo(
            "dl2: --metrics-bind-address no-such-host.invalid: not an address of this host"
                + System.lineSeparator());
    CliRun zeroSlot = CliRun.of("controller", "--slot-seconds", "0", "--once");
    assertThat(zeroSlot.exitCode()).isEqualTo(2);
    assertThat(zeroSlot.err()).startsWith("dl2: --slot-seconds must be 1..86400 (a day): 0");
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      CliRun missing =
          CliRun.of(
              "report-progress", "--master", cluster.masterUrl(), "--job", "nope", "--epochs", "1");
      assertThat(missing.exitCode()).isEqualTo(2);
      assertThat(missing.err()).contains("no DL2Job nope in namespace default");
    }
  }

  @Test
  void anUnreachableClusterIsExitCode2WithinSecondsNamingTheCause() {
    for (String[] args :
        List.of(
            new String[] {"controller", "--once", "--master", "http://127.0.0.1:1"},
            new String[] {"controller", "--master", "http://127.0.0.1:1"},
            new String[] {
              "report-progress", "--job", "j", "--epochs", "1", "--master", "http://127.0.0.1:1"
            })) {
      long start = System.nanoTime();
      CliRun run = CliRun.of(args);
      assertThat((System.nanoTime() - start) / 1e9).as(String.join(" ", args)).isLessThan(15);
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo(
              "dl2: cannot use the Kubernetes API at http://127.0.0.1:1/: connection refused"
                  + System.lineSeparator());
    }
  }

  /** Answers 500 to every reading of nodes, as an API server whose etcd is overloaded. */
  private static final class FailingNodes extends io.fabric8.mockwebserver.http.Dispatcher {
    private final io.fabric8.mockwebserver.http.Dispatcher store;

    FailingNodes(io.fabric8.mockwebserver.http.Dispatcher store) {
      this.store = store;
    }

    @Override
    public io.fabric8.mockwebserver.http.MockResponse dispatch(
        io.fabric8.mockwebserver.http.RecordedRequest request) {
      if (request.getMethod().equals("GET") && request.getPath().startsWith("/api/v1/nodes")) {
        return new io.fabric8.mockwebserver.http.MockResponse()
            .setResponseCode(500)
            .setBody(
                "{\"kind\":\"Status\","
                    + "\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"etcdserver: request timed out\",\"code\":500}");
      }
      return store.dispatch(request);
    }

    @Override
    public void shutdown() {
      store.shutdown();
    }
  }

  @Test
  void aFailedSlotOfOnceIsExitCode1InPlainWordsAndABadTolerationExitCode2() {
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(1), FailingNodes::new, java.time.Duration.ofSeconds(10))) {
      CliRun run =
          CliRun.of("controller", "--master", cluster.masterUrl(), "--namespace", "team", "--once");
      assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
      assertThat(run.err())
          .isEqualTo(
              "dl2: slot failed: nodes: the server answered HTTP 500 (etcdserver: request timed out)"
                  + System.lineSeparator());
    }
    CliRun badToleration = CliRun.of("controller", "--tolerate", "team:Sometimes", "--once");
    assertThat(badToleration.exitCode()).isEqualTo(2);
    assertThat(badToleration.err())
        .startsWith("dl2: a toleration is KEY[=VALUE][:EFFECT] with EFFECT NoSchedule");
  }

  private static String[] concat(String first, String[] rest) {
    String[] all = new String[rest.length + 1];
    all[0] = first;
    System.arraycopy(rest, 0, all, 1, rest.length);
    return all;
  }

  @Test
  void onlineFineTuningSaysWhoScheduledHowManySlots(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    java.nio.file.Path policy = dir.resolve("start.policy");
    TestPolicies.untrained(policy, 1);
    java.nio.file.Path tuned = dir.resolve("tuned.policy");
    CliRun run =
        CliRun.of(
            "cluster-emulator",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--policy",
            policy.toString(),
            "--online-rl",
            tuned.toString(),
            "--guard-window",
            "2",
            "--json",
            dir.resolve("r.json").toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "dl2 fine-tuning online (teacher drf) on paper-testbed via the emulated Kubernetes cluster");
    String summary =
        run.out()
            .lines()
            .filter(l -> l.startsWith("online fine-tuning: "))
            .findFirst()
            .orElseThrow();
    java.util.regex.Matcher counts =
        java.util.regex.Pattern.compile(
                "the policy scheduled (\\d+) of (\\d+) slots, the teacher (\\d+) \\(its level's measurement and (\\d+) fallbacks?\\); "
                    + "(\\d+) learner steps; policy written to "
                    + java.util.regex.Pattern.quote(tuned.toString()))
            .matcher(summary);
    assertThat(counts.find()).as(summary).isTrue();
    int policySlots = Integer.parseInt(counts.group(1));
    int teacherSlots = Integer.parseInt(counts.group(3));
    assertThat(policySlots + teacherSlots).isEqualTo(Integer.parseInt(counts.group(2)));
    assertThat(teacherSlots)
        .as("the guard's first window is the teacher's")
        .isGreaterThanOrEqualTo(2);
    assertThat(policySlots).isPositive();
  }
}
