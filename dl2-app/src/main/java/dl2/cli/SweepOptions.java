package dl2.cli;

import dl2.io.InputException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where and how a sharded run goes to a Kubernetes cluster as one Indexed Job (docs/kubernetes.md). */
public final class SweepOptions {
  static final int DEFAULT_SHARDS = 4;
  static final int DEFAULT_RETRIES = 2;
  static final int MAX_RETRIES = 10;
  static final String DEFAULT_IMAGE = "dl2:0.1.0";

  @Option(names = "--on-kubernetes",
      description = "Run the shards as one Indexed Job on a Kubernetes cluster (1.24 or later), then merge them into --out.")
  boolean onKubernetes;

  @Option(names = "--kubeconfig", paramLabel = "FILE",
      description = "With --on-kubernetes: the cluster's kubeconfig (default: KUBECONFIG, else ~/.kube/config).")
  Path kubeconfig;

  @Option(names = "--namespace", paramLabel = "NS", description = "With --on-kubernetes: the Job's namespace (default: default).")
  String namespace;

  @Option(names = "--image", paramLabel = "IMG",
      description = "With --on-kubernetes: the dl2 image the shards run, built from deploy/Dockerfile (default: "
          + DEFAULT_IMAGE + ").")
  String image;

  @Option(names = "--shards", paramLabel = "N", description = "With --on-kubernetes: how many shards (default: " + DEFAULT_SHARDS
      + "; for a train sweep, one per run).")
  Integer shards;

  @Option(names = "--retries", paramLabel = "R",
      description = "With --on-kubernetes: runs of a failed shard before the sweep gives up (default: " + DEFAULT_RETRIES + ").")
  Integer retries;

  /** Refuses the sweep's options without --on-kubernetes, and bad values with it. */
  void check() {
    if (!onKubernetes) {
      if (kubeconfig != null || namespace != null || image != null || shards != null || retries != null) {
        throw new InputException("--kubeconfig, --namespace, --image, --shards and --retries need --on-kubernetes");
      }
      return;
    }
    if (shards() < 1 || shards() > dl2.training.Shard.MAX_COUNT) {
      throw new InputException("--shards must be 1.." + dl2.training.Shard.MAX_COUNT + ": " + shards());
    }
    if (retries() < 0 || retries() > MAX_RETRIES) {
      throw new InputException("--retries must be 0.." + MAX_RETRIES + ": " + retries());
    }
    if (image().isBlank() || image().chars().anyMatch(Character::isWhitespace)) {
      throw new InputException("--image must name an image, e.g. " + DEFAULT_IMAGE + ": '" + image() + "'");
    }
  }

  /** A sweep of {@code count} independent pieces (a train sweep's runs): as many shards, unless --shards was given. */
  void shardsUnlessGiven(int count) {
    if (shards == null) {
      shards = Math.min(count, dl2.training.Shard.MAX_COUNT);
    }
  }

  int shards() {
    return shards != null ? shards : DEFAULT_SHARDS;
  }

  int retries() {
    return retries != null ? retries : DEFAULT_RETRIES;
  }

  String image() {
    return image != null ? image : DEFAULT_IMAGE;
  }

  String namespace() {
    return namespace != null ? namespace : "default";
  }
}
