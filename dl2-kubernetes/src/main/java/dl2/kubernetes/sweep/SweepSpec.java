package dl2.kubernetes.sweep;

import java.time.Duration;
import java.util.List;

/**
 * What a sweep runs: {@code shards} pods of one image, each with the same arguments in which {@code
 * $(JOB_COMPLETION_INDEX)} is its shard's index (the kubelet substitutes it), each printing its
 * output to its log as the printed file {@code output} (dl2.io.PrintedFile).
 *
 * @param identity what the shards compute, in words: a Job of the same name is this sweep's only if
 *     it carries the same
 * @param retries how many times a failed shard runs again before the sweep gives up
 * @param poll how often the Job and its pods are looked at
 * @param volume where the shards leave their results (null: in their logs)
 */
public record SweepSpec(
    String namespace,
    String identity,
    String image,
    List<String> args,
    int shards,
    int retries,
    String output,
    Duration poll,
    ResultsVolume volume) {
  /**
   * The placeholder of a shard's index in {@link #args}, expanded by the kubelet from the pod's
   * environment.
   */
  public static final String INDEX = "$(JOB_COMPLETION_INDEX)";

  public SweepSpec {
    args = List.copyOf(args);
    if (shards < 1 || retries < 0) {
      throw new IllegalArgumentException(
          "a sweep needs at least one shard and no negative retries");
    }
  }

  /** Shards that print their results to their logs. */
  public SweepSpec(
      String namespace,
      String identity,
      String image,
      List<String> args,
      int shards,
      int retries,
      String output,
      Duration poll) {
    this(namespace, identity, image, args, shards, retries, output, poll, null);
  }

  /**
   * This sweep with its shards' results on {@code resultsVolume}; {@code extraArgs} tell each shard
   * where to write them.
   */
  public SweepSpec through(ResultsVolume resultsVolume, List<String> extraArgs) {
    List<String> all = new java.util.ArrayList<>(args);
    all.addAll(extraArgs);
    return new SweepSpec(
        namespace, identity, image, all, shards, retries, output, poll, resultsVolume);
  }
}
