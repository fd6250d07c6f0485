package dl2.emulator;

import dl2.kubernetes.sweep.IndexRanges;
import dl2.kubernetes.sweep.SweepJobs;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a cluster does with an Indexed Job, in process, on a {@link MockCluster}: the Job controller
 * (a pod per index up to {@code parallelism}, a new pod for a failed index while its {@code
 * backoffLimitPerIndex} or the Job's {@code backoffLimit} allows, a pod failure policy's FailJob
 * rules on exit codes, the status's counts and index sets, the Complete and Failed conditions, and
 * the pods removed with their Job; no backoff delay between a pod and its retry) and a kubelet that
 * runs each pod's container with its {@code $(VAR)} references expanded from its environment
 * ({@code JOB_COMPLETION_INDEX} among it) and keeps its log for the API to serve. At most {@code
 * slots} pods run at once; the others stay Pending, as on a full cluster. A pod's persistent
 * volumes are the cluster's {@link EmulatedVolumes}, and a sweep's volume reader ({@link
 * SweepJobs#READER_LABEL}) is started, running no container, for exec into it.
 */
public final class EmulatedIndexedJobs implements AutoCloseable {
  /**
   * A pod's container: runs {@code args} with {@code env}, writing stdout and stderr to {@code
   * log}; its exit code.
   */
  public interface Container {
    int run(List<String> args, Map<String, String> env, PrintWriter log);
  }

  static final String JOB_NAME_LABEL = "batch.kubernetes.io/job-name";

  /** The Job's default overall limit of failed pods. */
  static final int DEFAULT_BACKOFF_LIMIT = 6;

  private final MockCluster cluster;
  private final KubernetesClient client;
  private final String namespace;
  private final ExecutorService kubelet;
  private final ScheduledExecutorService controller;
  private final EmulatedKubelet podRunner;
  private final AtomicInteger podNumber = new AtomicInteger();

  /**
   * Starts the controller, looking every {@code tick}, and a kubelet of {@code slots} pods at once.
   */
  public EmulatedIndexedJobs(
      MockCluster cluster, String namespace, Container container, int slots, Duration tick) {
    this.cluster = cluster;
    this.client = cluster.client();
    this.namespace = namespace;
    this.podRunner = new EmulatedKubelet(cluster, namespace, container);
    this.kubelet = Executors.newFixedThreadPool(slots, daemon("dl2-emulated-kubelet"));
    this.controller =
        Executors.newSingleThreadScheduledExecutor(daemon("dl2-emulated-job-controller"));
    controller.scheduleWithFixedDelay(
        this::reconcileQuietly, 0, tick.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread thread = new Thread(r, name);
      thread.setDaemon(true);
      return thread;
    };
  }

  private void reconcileQuietly() {
    try {
      reconcile();
    } catch (KubernetesClientException e) {
      // the API server is going away (close) or busy: the next tick looks again
    }
  }

  /** One look at every Job and pod of the namespace. */
  synchronized void reconcile() {
    Map<String, Job> jobs = new TreeMap<>();
    for (Job job : client.batch().v1().jobs().inNamespace(namespace).list().getItems()) {
      if ("Indexed".equals(job.getSpec().getCompletionMode())) {
        jobs.put(job.getMetadata().getName(), job);
      }
    }
    Map<String, List<Pod>> podsByJob = new HashMap<>();
    for (Pod pod :
        client.pods().inNamespace(namespace).withLabel(JOB_NAME_LABEL).list().getItems()) {
      String job = pod.getMetadata().getLabels().get(JOB_NAME_LABEL);
      if (!jobs.containsKey(job)) {
        client
            .pods()
            .inNamespace(namespace)
            .withName(pod.getMetadata().getName())
            .delete(); // its Job is gone: garbage
      } else {
        podsByJob.computeIfAbsent(job, j -> new ArrayList<>()).add(pod);
      }
    }
    for (Job job : jobs.values()) {
      control(job, podsByJob.getOrDefault(job.getMetadata().getName(), List.of()));
    }
    for (Pod reader :
        client.pods().inNamespace(namespace).withLabel(SweepJobs.READER_LABEL).list().getItems()) {
      if (reader.getStatus() == null
          || reader.getStatus().getPhase() == null
          || "Pending".equals(reader.getStatus().getPhase())) {
        cluster.volumes().mount(reader);
        podRunner.setPhase(reader.getMetadata().getName(), "Running", null);
      }
    }
  }

  /** The Job controller's part for one Job: pods to make, the status to write. */
  private void control(Job job, List<Pod> pods) {
    if (IndexedJobRules.finished(job)) {
      return;
    }
    int completions = job.getSpec().getCompletions();
    Integer perIndex = job.getSpec().getBackoffLimitPerIndex();
    int backoffLimit =
        job.getSpec().getBackoffLimit() != null
            ? job.getSpec().getBackoffLimit()
            : perIndex != null ? Integer.MAX_VALUE : DEFAULT_BACKOFF_LIMIT;
    SortedSet<Integer> succeeded = new TreeSet<>();
    Map<Integer, Integer> failures = new TreeMap<>();
    Set<Integer> active = new TreeSet<>();
    boolean failJob = false;
    for (Pod pod : pods) {
      int index =
          Integer.parseInt(pod.getMetadata().getAnnotations().get(SweepJobs.INDEX_ANNOTATION));
      switch (pod.getStatus().getPhase()) {
        case "Succeeded" -> succeeded.add(index);
        case "Failed" -> {
          failures.merge(index, 1, Integer::sum);
          failJob |= IndexedJobRules.failsTheJob(job, pod);
        }
        default -> active.add(index);
      }
    }
    SortedSet<Integer> failedIndexes = new TreeSet<>();
    if (perIndex != null) {
      failures.forEach(
          (index, count) -> {
            if (count > perIndex && !succeeded.contains(index)) {
              failedIndexes.add(index);
            }
          });
    }
    int failed = failures.values().stream().mapToInt(Integer::intValue).sum();
    String condition = null;
    String reason = null;
    if (failJob) {
      condition = "Failed";
      reason = "PodFailurePolicy";
    } else if (failed > backoffLimit) {
      condition = "Failed";
      reason = "BackoffLimitExceeded";
    } else if (succeeded.size() == completions) {
      condition = "Complete";
    } else if (succeeded.size() + failedIndexes.size() == completions && active.isEmpty()) {
      condition = "Failed";
      reason = "FailedIndexes";
    } else {
      int room = Math.max(0, job.getSpec().getParallelism() - active.size());
      for (int index = 0; index < completions && room > 0; index++) {
        if (!succeeded.contains(index)
            && !active.contains(index)
            && !failedIndexes.contains(index)) {
          Pod pod = client.pods().inNamespace(namespace).resource(pod(job, index)).create();
          kubelet.submit(() -> podRunner.run(pod));
          active.add(index);
          room--;
        }
      }
    }
    if ("Failed".equals(condition)) {
      for (Pod pod : pods) {
        if (!"Succeeded".equals(pod.getStatus().getPhase())
            && !"Failed".equals(pod.getStatus().getPhase())) {
          client.pods().inNamespace(namespace).withName(pod.getMetadata().getName()).delete();
        }
      }
    }
    writeStatus(
        job, succeeded, failedIndexes, failed, active.size(), condition, reason, perIndex != null);
  }

  private void writeStatus(
      Job job,
      SortedSet<Integer> succeeded,
      SortedSet<Integer> failedIndexes,
      int failed,
      int active,
      String condition,
      String reason,
      boolean perIndex) {
    client
        .batch()
        .v1()
        .jobs()
        .inNamespace(namespace)
        .withName(job.getMetadata().getName())
        .editStatus(
            j -> {
              var status =
                  j.getStatus() == null
                      ? new io.fabric8.kubernetes.api.model.batch.v1.JobStatus()
                      : j.getStatus();
              status.setSucceeded(succeeded.size());
              status.setFailed(failed);
              status.setActive("Failed".equals(condition) ? 0 : active);
              status.setCompletedIndexes(IndexRanges.format(succeeded));
              status.setFailedIndexes(perIndex ? IndexRanges.format(failedIndexes) : null);
              if (condition != null) {
                status.setConditions(
                    List.of(
                        new JobConditionBuilder()
                            .withType(condition)
                            .withStatus("True")
                            .withReason(reason)
                            .build()));
              }
              j.setStatus(status);
              return j;
            });
  }

  /** A pod of {@code index} from the Job's template, as the Job controller makes it. */
  private Pod pod(Job job, int index) {
    String jobName = job.getMetadata().getName();
    Map<String, String> labels =
        new LinkedHashMap<>(job.getSpec().getTemplate().getMetadata().getLabels());
    labels.put(JOB_NAME_LABEL, jobName);
    labels.put("job-name", jobName);
    labels.put(SweepJobs.INDEX_ANNOTATION, Integer.toString(index));
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(String.format("%s-%d-%05d", jobName, index, podNumber.incrementAndGet()))
            .withNamespace(namespace)
            .withLabels(labels)
            .addToAnnotations(SweepJobs.INDEX_ANNOTATION, Integer.toString(index))
            .endMetadata()
            .withSpec(
                new PodSpecBuilder(job.getSpec().getTemplate().getSpec())
                    .build()) // a copy: each pod its own
            .withNewStatus()
            .withPhase("Pending")
            .endStatus()
            .build();
    List<EnvVar> env = new ArrayList<>(pod.getSpec().getContainers().get(0).getEnv());
    env.add(
        new EnvVarBuilder()
            .withName("JOB_COMPLETION_INDEX")
            .withValue(Integer.toString(index))
            .build());
    pod.getSpec().getContainers().get(0).setEnv(env);
    return pod;
  }

  @Override
  public void close() {
    controller.shutdownNow();
    kubelet.shutdownNow();
    try {
      kubelet.awaitTermination(30, TimeUnit.SECONDS);
      controller.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
