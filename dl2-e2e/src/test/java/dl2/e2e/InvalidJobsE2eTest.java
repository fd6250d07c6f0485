package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.Dl2JobCondition;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DL2Jobs the API server accepts but whose pods or Services it would reject: each is marked
 * Valid=False (by the controller's own checks, or with the server's message when only the server
 * knows), and the good job next to them runs.
 */
class InvalidJobsE2eTest {
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("invalid", 2);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  private static Dl2JobCondition valid(String job) {
    return run.status(job).conditions.stream()
        .filter(c -> c.type.equals("Valid"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void eachBadJobIsMarkedAndTheGoodOneRuns() throws Exception {
    run.createJob(Jobs.of("good", "resnet-50", 10, 1));
    run.createJob(
        Jobs.withWorker("badpod", "- name: Worker\n  image: registry.k8s.io/pause:3.10\n"));
    run.createJob(Jobs.of("bert.v2", "resnet-50", 10, 1));
    run.createJob(
        Jobs.of("resnet50-imagenet-hyperparameter-sweep-learning-rate-0001", "resnet-50", 10, 1));
    run.createJob(
        Jobs.withWorker(
            "mounts",
            "- name: worker\n  image: registry.k8s.io/pause:3.10\n"
                + "  volumeMounts: [{name: data, mountPath: /data}]\n"));

    E2eRun.Finished slot = run.once(List.of("--slot-seconds", "30", "--task-cap", "2"));

    assertThat(slot.exit()).as(slot.text()).isZero();
    assertThat(run.status("good").phase).isEqualTo("Running");
    assertThat(valid("badpod").reason).isEqualTo("BadTemplate");
    assertThat(valid("bert.v2").reason).isEqualTo("BadName");
    assertThat(valid("resnet50-imagenet-hyperparameter-sweep-learning-rate-0001").reason)
        .isEqualTo("BadName");
    assertThat(valid("mounts").reason).isEqualTo("Rejected");
    assertThat(valid("mounts").message).contains("volumeMounts[0].name").contains("Not found");
    assertThat(run.pods("mounts-")).isEmpty();
    assertThat(slot.text()).contains("job mounts rejected, marked Valid=False");
  }
}
