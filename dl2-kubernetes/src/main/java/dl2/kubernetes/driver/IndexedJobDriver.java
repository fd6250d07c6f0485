package dl2.kubernetes.driver;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.ParallelCalls;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Indexed Job driver, for elastic data-parallel training (e.g. PyTorch with {@code torchrun
 * --nnodes=1:MAX}): one {@code batch/v1} Job per DL2Job with {@code completionMode: Indexed},
 * created when the job first gets workers, resized by a merge patch of {@code spec.parallelism} and
 * {@code spec.completions} (kept equal, as Kubernetes requires of an elastic Indexed Job), deleted
 * when the job has none. It resizes workers only: the scheduler's parameter-server count is written
 * to the annotation {@code dl2.io/parameter-servers} and no PS pods are made (all-reduce training
 * has none). Kubernetes places the pods: the controller's node choices are not passed on, only its
 * placement's {@link PlacementAffinity} in the pod template. With a Kueue queue the Job carries the
 * queue label and Kueue's elastic-job annotation, so Kueue admits each resize.
 */
public final class IndexedJobDriver implements ScalingDriver {
  static final String PARAMETER_SERVERS = "dl2.io/parameter-servers";
  static final String KUEUE_QUEUE = "kueue.x-k8s.io/queue-name";
  static final String KUEUE_ELASTIC = "kueue.x-k8s.io/elastic-job";

  private final ClusterApi api;
  private final PodFactory pods;
  private final int taskCap;
  private final String kueueQueue;
  private final PlacementAffinity affinity;

  /** {@code kueueQueue} may be null: no Kueue; every Job's pods carry {@code affinity}. */
  public IndexedJobDriver(
      ClusterApi api, PodFactory pods, int taskCap, String kueueQueue, PlacementAffinity affinity) {
    this.api = api;
    this.pods = pods;
    this.taskCap = taskCap;
    this.kueueQueue = kueueQueue;
    this.affinity = affinity;
  }

  @Override
  public Changes apply(List<JobPlan> plans, dl2.model.Resources nodeCapacity) {
    Map<String, Job> existing = new TreeMap<>();
    for (Job job : api.batchJobs()) {
      existing.put(job.getMetadata().getName(), job);
    }
    Rejections rejections = new Rejections();
    List<Runnable> shrinks = new ArrayList<>();
    List<Runnable> grows = new ArrayList<>();
    AtomicInteger created = new AtomicInteger();
    AtomicInteger deleted = new AtomicInteger();
    Set<String> wanted = new TreeSet<>();
    List<JobPlan> withWorkers = plans.stream().filter(p -> p.workers() > 0).toList();
    for (JobPlan plan : withWorkers) {
      wanted.add(plan.name());
      Job current = existing.get(plan.name());
      if (current == null) {
        int tasks = plan.workers();
        grows.add(
            rejections.guarded(
                plan.name(),
                () -> {
                  api.create(job(plan));
                  created.addAndGet(tasks); // a refused Job is no churn
                }));
        continue;
      }
      int workers = workers(current);
      if (workers != plan.workers()
          || !Objects.equals(completions(current), plan.workers())
          || parameterServers(current) != plan.parameterServers()) {
        (plan.workers() < workers ? shrinks : grows)
            .add(
                rejections.guarded(
                    plan.name(),
                    () -> {
                      api.patchBatchJob(plan.name(), resize(plan));
                      created.addAndGet(Math.max(0, plan.workers() - workers));
                      deleted.addAndGet(Math.max(0, workers - plan.workers()));
                    }));
      }
    }
    for (Map.Entry<String, Job> entry : existing.entrySet()) {
      if (!wanted.contains(entry.getKey())) {
        shrinks.add(() -> api.deleteBatchJob(entry.getKey()));
        deleted.addAndGet(workers(entry.getValue()));
      }
    }
    // Free resources before asking for more; within each phase the calls are independent.
    ParallelCalls.runAll(shrinks);
    HeadlessServices.sync(api, pods, withWorkers, rejections);
    ParallelCalls.runAll(grows);
    return new Changes(created.get(), deleted.get(), rejections.byJob());
  }

  /** Workers the Job asks for: its parallelism. */
  public static int workers(Job job) {
    Integer parallelism = job.getSpec() == null ? null : job.getSpec().getParallelism();
    return parallelism == null ? 0 : parallelism;
  }

  /** The scheduler's PS count recorded on the Job; 0 if absent or unreadable. */
  public static int parameterServers(Job job) {
    Map<String, String> annotations = job.getMetadata().getAnnotations();
    try {
      return annotations == null
          ? 0
          : Integer.parseInt(annotations.getOrDefault(PARAMETER_SERVERS, "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static Integer completions(Job job) {
    return job.getSpec() == null ? null : job.getSpec().getCompletions();
  }

  private static String resize(JobPlan plan) {
    return "{\"metadata\":{\"annotations\":{\""
        + PARAMETER_SERVERS
        + "\":\""
        + plan.parameterServers()
        + "\"}},"
        + "\"spec\":{\"parallelism\":"
        + plan.workers()
        + ",\"completions\":"
        + plan.workers()
        + "}}";
  }

  private Job job(JobPlan plan) {
    Map<String, String> labels = PodFactory.labels(plan.name());
    Map<String, String> annotations = new TreeMap<>();
    annotations.put(PARAMETER_SERVERS, Integer.toString(plan.parameterServers()));
    if (kueueQueue != null) {
      labels.put(KUEUE_QUEUE, kueueQueue);
      annotations.put(KUEUE_ELASTIC, "true");
    }
    int maxWorkers =
        plan.spec().maxWorkers == null ? taskCap : Math.min(taskCap, plan.spec().maxWorkers);
    PodTemplateSpec workers = pods.indexedWorkers(plan, maxWorkers);
    workers.getSpec().setAffinity(affinity.addedTo(workers.getSpec().getAffinity(), plan.name()));
    return new JobBuilder()
        .withMetadata(PodFactory.meta(plan, plan.name(), labels))
        .editMetadata()
        .withAnnotations(annotations)
        .endMetadata()
        .withNewSpec()
        .withCompletionMode("Indexed")
        .withParallelism(plan.workers())
        .withCompletions(plan.workers())
        .withTemplate(workers)
        .endSpec()
        .build();
  }
}
