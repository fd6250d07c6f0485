package dl2.kubernetes.sweep;

import dl2.io.Digests;
import dl2.kubernetes.api.ServerVersion;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyBuilder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The Indexed Job of a sweep: {@code completions} = {@code parallelism} = the shards, pods that
 * never restart in place (a failed shard gets a new pod), need no API access (no service account
 * token), and carry the sweep's label. Its name comes from what the sweep runs, so that the same
 * command finds its own Job again after an interruption.
 */
public final class SweepJobs {
  /** Label of the sweep's Job and pods. */
  public static final String SWEEP_LABEL = "dl2.io/sweep";

  /**
   * Label of the pod that reads a sweep's results volume (the emulated kubelet starts such pods).
   */
  public static final String READER_LABEL = "dl2.io/sweep-reader";

  /** Annotation holding the sweep's identity on its Job. */
  public static final String IDENTITY_ANNOTATION = "dl2.io/sweep-identity";

  /** The annotation the Job controller gives each pod of an Indexed Job: its index. */
  public static final String INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index";

  /** The container that runs the shard. */
  public static final String CONTAINER = "shard";

  private SweepJobs() {}

  /**
   * {@code dl2-sweep-} and twelve hex digits of the digest of everything the pods run (and the
   * claim they write to).
   */
  public static String name(SweepSpec spec) {
    String what =
        spec.identity()
            + "\n"
            + spec.image()
            + "\n"
            + String.join("\u0000", spec.args())
            + "\n"
            + spec.shards()
            + (spec.volume() == null ? "" : "\n" + spec.volume().claim());
    return "dl2-sweep-" + Digests.sha256(what.getBytes(StandardCharsets.UTF_8)).substring(0, 12);
  }

  /** Servers from here fail a Job by its pod failure policy (beta and on by default in 1.26). */
  static final ServerVersion POD_FAILURE_POLICY = new ServerVersion(1, 26);

  /** A shard's exit code for bad input, which a retry cannot mend. */
  static final int EXIT_INPUT = 2;

  /**
   * The user the dl2 image runs as (deploy/Dockerfile): the results volume is given to its group.
   */
  static final long IMAGE_USER = 10001;

  /**
   * The Job for {@code spec} on a server of {@code version}: with {@code backoffLimitPerIndex} when
   * the Job controller counts the retries; either way an overall {@code backoffLimit} that leaves
   * every shard all its retries; where the server has pod failure policies, the whole Job failed at
   * once by a shard that exits with code 2 (every shard runs the same arguments); and with a
   * results volume, its claim mounted, writable by the image's user.
   */
  public static Job job(SweepSpec spec, RetryMode mode, ServerVersion version) {
    Job job = jobWithoutVolume(spec, mode, version);
    if (spec.volume() != null) {
      var pod = job.getSpec().getTemplate().getSpec();
      pod.setVolumes(List.of(volume(spec.volume())));
      pod.setSecurityContext(new PodSecurityContextBuilder().withFsGroup(IMAGE_USER).build());
      pod.getContainers().get(0).setVolumeMounts(List.of(mount()));
    }
    return job;
  }

  /** The claim as the pods' volume. */
  static Volume volume(ResultsVolume results) {
    return new VolumeBuilder()
        .withName(ResultsVolume.VOLUME)
        .withNewPersistentVolumeClaim()
        .withClaimName(results.claim())
        .endPersistentVolumeClaim()
        .build();
  }

  static VolumeMount mount() {
    return new VolumeMountBuilder()
        .withName(ResultsVolume.VOLUME)
        .withMountPath(ResultsVolume.MOUNT)
        .build();
  }

  private static Job jobWithoutVolume(SweepSpec spec, RetryMode mode, ServerVersion version) {
    String name = name(spec);
    Map<String, String> labels =
        Map.of(
            SWEEP_LABEL,
            name,
            "app.kubernetes.io/name",
            "dl2",
            "app.kubernetes.io/component",
            "sweep-shard");
    return new JobBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(spec.namespace())
        .withLabels(labels)
        .addToAnnotations(IDENTITY_ANNOTATION, spec.identity())
        .endMetadata()
        .withNewSpec()
        .withCompletionMode("Indexed")
        .withCompletions(spec.shards())
        .withParallelism(spec.shards())
        .withBackoffLimitPerIndex(mode == RetryMode.PER_INDEX ? spec.retries() : null)
        .withBackoffLimit(spec.shards() * (spec.retries() + 1))
        .withPodFailurePolicy(
            version.atLeast(POD_FAILURE_POLICY)
                ? new PodFailurePolicyBuilder()
                    .addNewRule()
                    .withAction("FailJob")
                    .withNewOnExitCodes()
                    .withContainerName(CONTAINER)
                    .withOperator("In")
                    .withValues(EXIT_INPUT)
                    .endOnExitCodes()
                    .endRule()
                    .build()
                : null)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy("Never")
        .withAutomountServiceAccountToken(false)
        .addNewContainer()
        .withName(CONTAINER)
        .withImage(spec.image())
        .withArgs(spec.args())
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
