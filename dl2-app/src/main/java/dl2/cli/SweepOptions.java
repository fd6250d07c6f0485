package dl2.cli;

import dl2.io.InputException;
import dl2.kubernetes.sweep.ResultsVolume;
import dl2.kubernetes.sweep.SweepJobs;
import dl2.kubernetes.sweep.SweepSpec;
import dl2.run.SweepTarget;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Where and how a sharded run goes to a Kubernetes cluster as one Indexed Job (docs/kubernetes.md).
 */
public final class SweepOptions implements SweepTarget {
  static final int DEFAULT_SHARDS = 4;
  static final int DEFAULT_RETRIES = 2;
  static final int MAX_RETRIES = 10;
  static final String DEFAULT_IMAGE = "dl2:0.1.0";

  @Option(
      names = "--on-kubernetes",
      description =
          "Run the shards as one Indexed Job on a Kubernetes cluster (1.24 or later), then merge them into --out.")
  public boolean onKubernetes;

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "With --on-kubernetes: the cluster's kubeconfig (default: KUBECONFIG, else ~/.kube/config).")
  public Path kubeconfig;

  @Option(
      names = "--namespace",
      paramLabel = "NS",
      description = "With --on-kubernetes: the Job's namespace (default: default).")
  String namespace;

  @Option(
      names = "--image",
      paramLabel = "IMG",
      description =
          "With --on-kubernetes: the dl2 image the shards run, built from deploy/Dockerfile (default: "
              + DEFAULT_IMAGE
              + ").")
  String image;

  @Option(
      names = "--shards",
      paramLabel = "N",
      description =
          "With --on-kubernetes: how many shards (default: "
              + DEFAULT_SHARDS
              + "; for a train sweep, one per run).")
  Integer shards;

  @Option(
      names = "--retries",
      paramLabel = "R",
      description =
          "With --on-kubernetes: runs of a failed shard before the sweep gives up (default: "
              + DEFAULT_RETRIES
              + ").")
  Integer retries;

  @Option(
      names = "--results-claim",
      paramLabel = "CLAIM",
      description =
          "With --on-kubernetes: the shards leave their results on this PersistentVolumeClaim of --namespace "
              + "(ReadWriteMany), read back through a pod, instead of in their logs, which the kubelet caps at 10 MiB.")
  String resultsClaim;

  /** Refuses the sweep's options without --on-kubernetes, and bad values with it. */
  void check() {
    if (!onKubernetes) {
      if (kubeconfig != null
          || namespace != null
          || image != null
          || shards != null
          || retries != null
          || resultsClaim != null) {
        throw new InputException(
            "--kubeconfig, --namespace, --image, --shards, --retries and --results-claim need --on-kubernetes");
      }
      return;
    }
    if (resultsClaim != null && !resultsClaim.matches("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?")) {
      throw new InputException(
          "--results-claim must name a PersistentVolumeClaim (lower-case letters, digits, '-' and '.'): '"
              + resultsClaim
              + "'");
    }
    if (shards() < 1 || shards() > dl2.shard.Shard.MAX_COUNT) {
      throw new InputException(
          "--shards must be 1.." + dl2.shard.Shard.MAX_COUNT + ": " + shards());
    }
    if (retries() < 0 || retries() > MAX_RETRIES) {
      throw new InputException("--retries must be 0.." + MAX_RETRIES + ": " + retries());
    }
    if (image().isBlank() || image().chars().anyMatch(Character::isWhitespace)) {
      throw new InputException(
          "--image must name an image, e.g. " + DEFAULT_IMAGE + ": '" + image() + "'");
    }
  }

  /**
   * A sweep of {@code count} independent pieces (a train sweep's runs): as many shards, unless
   * --shards was given.
   */
  public void shardsUnlessGiven(int count) {
    if (shards == null) {
      shards = Math.min(count, dl2.shard.Shard.MAX_COUNT);
    }
  }

  /**
   * {@code base}, with --results-claim its shards' results on that claim, each shard told where by
   * {@code --shard-file}; the claim is checked on the cluster of {@code sweep} before anything is
   * submitted.
   */
  @Override
  public SweepSpec throughVolume(SweepSpec base) {
    if (resultsClaim == null) {
      return base;
    }
    ResultsVolume volume = new ResultsVolume(resultsClaim, SweepJobs.name(base));
    return base.through(volume, List.of("--shard-file", volume.shardFile(SweepSpec.INDEX)));
  }

  @Override
  public Path kubeconfig() {
    return kubeconfig;
  }

  @Override
  public int shards() {
    return shards != null ? shards : DEFAULT_SHARDS;
  }

  @Override
  public int retries() {
    return retries != null ? retries : DEFAULT_RETRIES;
  }

  @Override
  public String image() {
    return image != null ? image : DEFAULT_IMAGE;
  }

  @Override
  public String namespace() {
    return namespace != null ? namespace : "default";
  }
}
