package dl2.kubernetes.sweep;

/**
 * Where a sweep's shards leave their results instead of their logs (which the kubelet caps at its
 * {@code containerLogMaxSize}, 10 MiB by default): the PersistentVolumeClaim {@code claim} of the
 * sweep's namespace, mounted at {@link #MOUNT} in every pod, each shard's results in the file
 * {@code MOUNT/DIRECTORY/shard-I}. The claim must be writable by every shard's pod at once
 * (ReadWriteMany), or the shards share one node (Project).
 *
 * @param directory the sweep's own directory on the volume
 */
public record ResultsVolume(String claim, String directory) {
  /** Where the claim is mounted in the shards' pods and the reader's. */
  public static final String MOUNT = "/dl2-results";

  /** The pods' volume name. */
  static final String VOLUME = "results";

  /**
   * The path of shard {@code index}'s results in a pod ({@code index} may be {@link
   * SweepSpec#INDEX}).
   */
  public String shardFile(String index) {
    return MOUNT + "/" + directory + "/shard-" + index;
  }

  /** The sweep's directory in a pod. */
  String directoryPath() {
    return MOUNT + "/" + directory;
  }
}
