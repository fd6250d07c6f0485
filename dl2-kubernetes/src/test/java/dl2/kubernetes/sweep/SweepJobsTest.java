package dl2.kubernetes.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.ServerVersion;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sweep's Indexed Job on servers of each age: retries per index where kept, the pod failure
 * policy where known.
 */
class SweepJobsTest {
  private static final SweepSpec SPEC =
      new SweepSpec(
          "dl2",
          "experiment load-sweep; seed 9973",
          "dl2:0.1.0",
          List.of("experiment", "load-sweep", "--shard", SweepSpec.INDEX + "/4", "--out", "-"),
          4,
          2,
          "experiment-shard",
          Duration.ofSeconds(2));

  @Test
  void onARecentServerTheJobControllerRetriesEachShardAndBadInputFailsTheJob() {
    Job job = SweepJobs.job(SPEC, RetryMode.PER_INDEX, new ServerVersion(1, 31));
    assertThat(job.getMetadata().getName())
        .matches("dl2-sweep-[0-9a-f]{12}")
        .isEqualTo(SweepJobs.name(SPEC));
    assertThat(job.getMetadata().getAnnotations())
        .containsEntry(SweepJobs.IDENTITY_ANNOTATION, SPEC.identity());
    assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(job.getSpec().getCompletions()).isEqualTo(4);
    assertThat(job.getSpec().getParallelism()).isEqualTo(4);
    assertThat(job.getSpec().getBackoffLimitPerIndex()).isEqualTo(2);
    assertThat(job.getSpec().getBackoffLimit())
        .isEqualTo(12); // 4 shards × (2 retries + 1): never the binding limit
    assertThat(job.getSpec().getPodFailurePolicy().getRules())
        .singleElement()
        .satisfies(
            rule -> {
              assertThat(rule.getAction()).isEqualTo("FailJob");
              assertThat(rule.getOnExitCodes().getValues()).containsExactly(2);
            });
    var pod = job.getSpec().getTemplate().getSpec();
    assertThat(pod.getRestartPolicy()).isEqualTo("Never");
    assertThat(pod.getAutomountServiceAccountToken()).isFalse();
    assertThat(pod.getContainers())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getImage()).isEqualTo("dl2:0.1.0");
              assertThat(c.getArgs()).contains("$(JOB_COMPLETION_INDEX)/4");
            });
    assertThat(job.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry(SweepJobs.SWEEP_LABEL, SweepJobs.name(SPEC));
  }

  @Test
  void onOldServersDl2CountsTheRetriesAndBefore126NoPolicyIsSent() {
    Job job = SweepJobs.job(SPEC, RetryMode.BY_HAND, new ServerVersion(1, 25));
    assertThat(job.getSpec().getBackoffLimitPerIndex()).isNull();
    assertThat(job.getSpec().getBackoffLimit()).isEqualTo(12);
    assertThat(job.getSpec().getPodFailurePolicy()).isNull();
    assertThat(RetryMode.offeredBy(new ServerVersion(1, 27))).isEqualTo(RetryMode.BY_HAND);
    assertThat(RetryMode.offeredBy(new ServerVersion(1, 28))).isEqualTo(RetryMode.PER_INDEX);
  }

  @Test
  void theNameChangesWithWhatThePodsRun() {
    SweepSpec other =
        new SweepSpec(
            "dl2", SPEC.identity(), "dl2:0.2.0", SPEC.args(), 4, 2, SPEC.output(), SPEC.poll());
    assertThat(SweepJobs.name(other)).isNotEqualTo(SweepJobs.name(SPEC));
    assertThat(
            SweepJobs.name(
                new SweepSpec(
                    "other-ns",
                    SPEC.identity(),
                    SPEC.image(),
                    SPEC.args(),
                    4,
                    1,
                    SPEC.output(),
                    Duration.ofSeconds(9))))
        .isEqualTo(SweepJobs.name(SPEC));
  }
}
