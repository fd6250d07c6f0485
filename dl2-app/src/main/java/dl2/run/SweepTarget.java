package dl2.run;

import dl2.kubernetes.sweep.IndexedJobSweep;
import dl2.kubernetes.sweep.SweepSpec;
import java.nio.file.Path;

/**
 * Where and how a sharded run goes to a Kubernetes cluster as one Indexed Job (docs/kubernetes.md),
 * as the command's {@code --on-kubernetes} options say it.
 */
public interface SweepTarget {
  /** The cluster's kubeconfig; null for KUBECONFIG, else ~/.kube/config. */
  Path kubeconfig();

  String namespace();

  String image();

  int shards();

  int retries();

  /** {@code base}, with its shards' results on a results volume if one was given. */
  SweepSpec throughVolume(SweepSpec base);

  /**
   * The checks a sweep's cluster passes before the sweep claims --out: its version, and the results
   * claim if any.
   */
  static void checkCluster(IndexedJobSweep sweep) {
    sweep.checkVersion();
    sweep.checkVolume();
  }
}
