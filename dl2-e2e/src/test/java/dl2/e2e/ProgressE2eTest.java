package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The progress contract under the shipped roles: the trainer reports, the controller completes the
 * job.
 */
class ProgressE2eTest {
  private static final List<String> SLOT = List.of("--slot-seconds", "30", "--task-cap", "2");
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("progress", 2);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  private static E2eRun.Finished report(String... args) throws Exception {
    List<String> all =
        new java.util.ArrayList<>(List.of("report-progress", "--namespace", run.namespace()));
    all.addAll(List.of(args));
    return run.dl2(run.trainerKubeconfig(), all);
  }

  @Test
  void aReportedFinishCompletesTheJobAndReleasesItsPods() throws Exception {
    run.createJob(Jobs.of("epsilon", "resnet-50", 10, 2));
    assertThat(run.once(SLOT).exit()).isZero();
    assertThat(run.status("epsilon").phase).isEqualTo("Running");

    E2eRun.Finished progress = report("--job", "epsilon", "--epochs", "4.5");
    assertThat(progress.exit()).as(progress.text()).isZero();
    assertThat(run.status("epsilon").epochsDone).isEqualTo(4.5);
    E2eRun.Finished finished = report("--job", "epsilon", "--epochs", "10", "--finished");
    assertThat(finished.exit()).as(finished.text()).isZero();
    assertThat(report("--job", "nope", "--epochs", "1").text())
        .contains("no DL2Job nope in namespace " + run.namespace());

    assertThat(run.once(SLOT).exit()).isZero();
    assertThat(run.status("epsilon").phase).isEqualTo("Completed");
    assertThat(run.status("epsilon").completedAtSlots).isNotNull();
    Await.until(
        Duration.ofSeconds(60),
        () -> run.pods("epsilon-").isEmpty(),
        () -> "pods " + run.pods("epsilon-"));
    assertThat(
            run.admin()
                .v1()
                .events()
                .inNamespace(run.namespace())
                .withName("epsilon.completed")
                .get())
        .isNotNull();
  }
}
