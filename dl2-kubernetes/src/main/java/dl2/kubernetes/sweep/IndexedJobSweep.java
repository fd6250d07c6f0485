package dl2.kubernetes.sweep;

import dl2.io.InputException;
import dl2.io.PrintedFile;
import dl2.kubernetes.api.ClusterConnection;
import dl2.kubernetes.api.ClusterFailure;
import dl2.kubernetes.api.FailureMessage;
import dl2.kubernetes.api.ServerVersion;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A sweep's run on a cluster: submit its Indexed Job (or find the one an interrupted run of the
 * same sweep left), then, every poll, read the output of each shard whose pod succeeded from that
 * pod's log, and count failed pods per shard. A failed shard gets a new pod from the Job controller
 * until it has failed {@code retries + 1} times ({@code backoffLimitPerIndex} where the server
 * keeps it, else counted here); then, or when a shard refuses its input (exit code 2, which a retry
 * cannot mend), the sweep stops and deletes its Job. Once every shard's output is read the Job is
 * deleted, its pods with it. With a {@link ResultsVolume} the shards' outputs are read from the
 * volume ({@link VolumeReader}), and their logs carry only a summary.
 */
public final class IndexedJobSweep implements AutoCloseable {
  private final KubernetesClient client;
  private final SweepSpec spec;
  private final String name;
  private final SweepJobApi api;
  private final VolumeReader reader;

  public IndexedJobSweep(KubernetesClient client, SweepSpec spec) {
    this.client = client;
    this.spec = spec;
    this.name = SweepJobs.name(spec);
    this.api = new SweepJobApi(client, spec, name);
    this.reader = spec.volume() == null ? null : new VolumeReader(client, spec, name);
  }

  /**
   * A sweep on the cluster of {@code kubeconfig} (null: KUBECONFIG, else ~/.kube/config), whose
   * first call succeeded; a cluster that cannot be used is a one-line input error.
   */
  public static IndexedJobSweep connect(Path kubeconfig, SweepSpec spec) {
    return new IndexedJobSweep(
        ClusterConnection.connectForSweep(kubeconfig, spec.namespace()), spec);
  }

  @Override
  public void close() {
    if (reader != null) {
      reader.close();
    }
    client.close();
  }

  /** The Job's name. */
  public String jobName() {
    return name;
  }

  /** The server's version; below {@link RetryMode#MINIMUM} a one-line input error. */
  public ServerVersion checkVersion() {
    return api.checkVersion();
  }

  /**
   * Refuses a results volume whose claim the namespace lacks, in one line, before anything is
   * submitted.
   */
  public void checkVolume() {
    api.checkVolume();
  }

  /** Runs the sweep to its end; the shards' outputs by index. */
  public List<byte[]> run(SweepListener listener) {
    ServerVersion version = checkVersion();
    RetryMode mode = submit(version, listener);
    listener.started(name, mode.describe(spec.retries(), version));
    Map<Integer, byte[]> outputs = new TreeMap<>();
    Map<Integer, Set<String>> failures = new HashMap<>();
    Map<Integer, String> lastReasons = new HashMap<>();
    while (true) {
      Job job = api.job();
      if (job == null) {
        throw new ClusterFailure(
            "the sweep's Job " + name + " was deleted before its shards finished", null);
      }
      int running = 0;
      for (Pod pod : api.pods()) {
        Integer index = ShardPods.index(pod);
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        if (index == null || index < 0 || index >= spec.shards()) {
          continue;
        }
        if ("Succeeded".equals(phase) && !outputs.containsKey(index)) {
          outputs.put(index, output(pod, index));
        } else if ("Failed".equals(phase)
            && failures
                .computeIfAbsent(index, i -> new TreeSet<>())
                .add(pod.getMetadata().getName())) {
          String reason = api.reason(pod); // a pod newly failed
          lastReasons.put(index, reason);
          int attempts = failures.get(index).size();
          if (ShardPods.exitCode(pod) == SweepJobs.EXIT_INPUT) {
            stop(
                "shard "
                    + shard(index)
                    + " refused its input ("
                    + reason
                    + "); a retry would fail the same way");
          }
          listener.shardFailed(index, attempts, reason);
          if (mode == RetryMode.BY_HAND && attempts > spec.retries()) {
            stop(given(index, attempts, reason));
          }
        } else if ("Pending".equals(phase) || "Running".equals(phase)) {
          running++;
        }
      }
      if (mode == RetryMode.PER_INDEX && job.getStatus() != null) {
        SortedSet<Integer> failed = IndexRanges.parse(job.getStatus().getFailedIndexes());
        if (!failed.isEmpty()) {
          int index = failed.first();
          stop(
              given(
                  index,
                  failures.getOrDefault(index, Set.of()).size(),
                  lastReasons.getOrDefault(index, "see its pods' logs")));
        }
      }
      SweepJobApi.condition(job, "Failed")
          .ifPresent(
              c ->
                  stop(
                      "the sweep's Job "
                          + name
                          + " failed: "
                          + c.getReason()
                          + (c.getMessage() == null ? "" : " (" + c.getMessage() + ")")));
      listener.progress(
          outputs.size(), running, failures.values().stream().mapToInt(Set::size).sum());
      if (outputs.size() == spec.shards()) {
        delete();
        return List.copyOf(outputs.values());
      }
      sleep();
    }
  }

  /**
   * Creates the Job, or takes over the one an interrupted run of this sweep left; the retry mode in
   * force.
   */
  private RetryMode submit(ServerVersion version, SweepListener listener) {
    Job existing = api.job();
    if (existing != null) {
      String identity =
          existing.getMetadata().getAnnotations() == null
              ? null
              : existing.getMetadata().getAnnotations().get(SweepJobs.IDENTITY_ANNOTATION);
      if (!spec.identity().equals(identity)) {
        throw new InputException(
            "a Job "
                + name
                + " in namespace "
                + spec.namespace()
                + " is not this sweep's: delete it (kubectl -n "
                + spec.namespace()
                + " delete job "
                + name
                + ")");
      }
      if (SweepJobApi.condition(existing, "Failed").isEmpty()) {
        listener.note(
            "the Job "
                + name
                + " of an earlier run of this sweep is still there: reading its shards");
        return existing.getSpec().getBackoffLimitPerIndex() != null
            ? RetryMode.PER_INDEX
            : RetryMode.BY_HAND;
      }
      delete(); // an earlier run gave up: start afresh
      awaitGone();
    }
    RetryMode asked = RetryMode.offeredBy(version);
    Job created;
    try {
      Job job = SweepJobs.job(spec, asked, version);
      created = api.create(job);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 403 || e.getCode() == 404 || e.getCode() == 422) {
        throw new InputException(
            "cannot create the sweep's Job in namespace "
                + spec.namespace()
                + ": "
                + FailureMessage.of(e));
      }
      throw e;
    }
    // A 1.28 server without the feature gate drops the field: then the retries are counted here.
    return asked == RetryMode.PER_INDEX && created.getSpec().getBackoffLimitPerIndex() == null
        ? RetryMode.BY_HAND
        : asked;
  }

  /** The output a succeeded shard printed to its log, or left on the volume. */
  private byte[] output(Pod pod, int index) {
    String text = reader == null ? api.log(pod) : reader.read(index);
    try {
      return PrintedFile.read(text, spec.output());
    } catch (IllegalArgumentException e) {
      stop(
          "shard "
              + shard(index)
              + " finished, but "
              + (reader == null
                  ? "the log of its pod "
                      + pod.getMetadata().getName()
                      + " "
                      + e.getMessage()
                      + " (a log longer than the kubelet's containerLogMaxSize, 10 MiB by default, loses its start: "
                      + "give --results-claim)"
                  : "its results on the volume: " + e.getMessage()));
      throw e; // not reached: stop throws
    }
  }

  private String given(int index, int attempts, String reason) {
    return "shard "
        + shard(index)
        + " failed "
        + attempts
        + (attempts == 1 ? " time" : " times")
        + ", more than its "
        + spec.retries()
        + (spec.retries() == 1 ? " retry" : " retries")
        + " (last: "
        + reason
        + "); the sweep gave up";
  }

  private String shard(int index) {
    return index + "/" + spec.shards();
  }

  /** Ends the sweep: its Job (and pods) deleted, the reason as the command's one line. */
  private void stop(String reason) {
    delete();
    throw new ClusterFailure(reason, null);
  }

  /** Deletes the Job (its pods with it) and the sweep's results on the volume, if any. */
  private void delete() {
    api.deleteJob();
    if (reader != null) {
      reader.discard();
    }
  }

  private void awaitGone() {
    for (int i = 0; i < 600 && api.job() != null; i++) {
      sleep();
    }
  }

  private void sleep() {
    try {
      Thread.sleep(spec.poll().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClusterFailure(
          "interrupted; the sweep's Job "
              + name
              + " keeps running: run the same command again to read its shards",
          e);
    }
  }
}
