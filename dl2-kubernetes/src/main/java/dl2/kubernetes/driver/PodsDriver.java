package dl2.kubernetes.driver;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.api.ParallelCalls;
import dl2.model.Resources;
import dl2.model.Task;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The per-task driver (dl2-spec §11): one Pod per worker and per PS, pinned to the node the
 * placement chose, labelled by job, role and index, and one headless Service per job publishing its
 * members. A resize keeps every pod whose (role, node) is still wanted, deletes the others and
 * creates the missing ones (checkpoint-restart semantics: the framework restarts from its last
 * checkpoint with the new membership). New pods are numbered on from the job's highest index ever
 * (kept in its status before they are created), so a pod's name never comes back on another node.
 * Creations come first where their node has room beside the pods it holds; then the deletions;
 * then, once the deleted pods are gone, the creations that needed their room. A pod that failed
 * (e.g. the kubelet refused it: OutOfcpu) is replaced. Only the pods it made count (controlled by
 * their DL2Job), never the pods of another driver's Jobs, which carry the same labels. Diffing
 * against the observed pods makes it level-triggered.
 */
public final class PodsDriver implements ScalingDriver {
  /**
   * How long the creations that need deleted pods' room wait for those pods to be gone (a pod's
   * default grace is 30 s).
   */
  static final Duration DELETION_WAIT = Duration.ofSeconds(60);

  private static final long DELETION_POLL_MILLIS = 200;

  private final ClusterApi api;
  private final PodFactory pods;

  /** The pods {@link #running()} listed, for this slot's apply. */
  private List<Pod> listed;

  public PodsDriver(ClusterApi api, PodFactory pods) {
    this.api = api;
    this.pods = pods;
  }

  @Override
  public List<RunningTask> running() {
    listed = observed();
    List<RunningTask> tasks = new ArrayList<>();
    for (Pod pod : listed) {
      if (!terminating(pod)
          && !failed(pod)
          && pod.getSpec() != null
          && pod.getSpec().getNodeName() != null) {
        tasks.add(
            new RunningTask(
                label(pod, Labels.JOB), label(pod, Labels.ROLE), pod.getSpec().getNodeName()));
      }
    }
    return tasks;
  }

  private List<Pod> observed() {
    return api.pods().stream().filter(PodsDriver::madeByThisDriver).toList();
  }

  @Override
  public Changes apply(List<JobPlan> plans, Resources nodeCapacity) {
    List<Pod> observed = listed != null ? listed : observed();
    listed = null; // a second apply in the same slot (after a rejection) looks again
    Map<String, List<Pod>> podsByJob = new TreeMap<>();
    for (Pod pod : observed) {
      podsByJob.computeIfAbsent(label(pod, Labels.JOB), k -> new ArrayList<>()).add(pod);
    }
    List<String> toDelete = new ArrayList<>();
    List<Pod> toCreate = new ArrayList<>();
    Set<String> planned = new HashSet<>();
    Set<String> gone = new HashSet<>();
    for (JobPlan plan : plans) {
      planned.add(plan.name());
      List<Pod> current = podsByJob.getOrDefault(plan.name(), List.of());
      List<Pod> workers =
          diffRole(
              plan, Labels.WORKER, plan.workerNodes(), plan.nextWorkerIndex(), current, toDelete);
      List<Pod> ps =
          diffRole(plan, Labels.PS, plan.psNodes(), plan.nextPsIndex(), current, toDelete);
      if (!workers.isEmpty() || !ps.isEmpty()) {
        if (reserveNames(plan, workers, ps)) {
          toCreate.addAll(workers);
          toCreate.addAll(ps);
        } else {
          gone.add(plan.name()); // deleted since it was listed: nothing to make
        }
      }
    }
    for (Pod pod : observed) {
      if (!terminating(pod) && !planned.contains(label(pod, Labels.JOB))) {
        toDelete.add(pod.getMetadata().getName()); // finished, invalid, deleted or unallocated jobs
      }
    }
    Rejections rejections = new Rejections();
    HeadlessServices.sync(
        api, pods, plans.stream().filter(p -> !gone.contains(p.name())).toList(), rejections);
    List<Pod> now = new ArrayList<>();
    List<Pod> later = new ArrayList<>();
    NodeRoom room = new NodeRoom(observed, nodeCapacity);
    for (Pod pod : toCreate) {
      (room.take(pod.getSpec().getNodeName(), demand(pod)) ? now : later).add(pod);
    }
    AtomicInteger created = new AtomicInteger(); // a refused pod is no churn
    ParallelCalls.runAll(now.stream().map(pod -> creation(pod, rejections, created)).toList());
    ParallelCalls.runAll(
        toDelete.stream().sorted().map(name -> (Runnable) () -> api.deletePod(name)).toList());
    if (!later.isEmpty() && !toDelete.isEmpty()) {
      awaitGone(toDelete);
    }
    ParallelCalls.runAll(later.stream().map(pod -> creation(pod, rejections, created)).toList());
    return new Changes(created.get(), toDelete.size(), rejections.byJob());
  }

  /** Creates {@code pod}, counted in {@code created} unless the API server refuses it. */
  private Runnable creation(Pod pod, Rejections rejections, AtomicInteger created) {
    return rejections.guarded(
        label(pod, Labels.JOB),
        () -> {
          api.create(pod);
          created.incrementAndGet();
        });
  }

  /**
   * The pods of {@code role} to create for {@code plan}, numbered from {@code next} on (and past
   * every index its pods hold); the pods of that role to delete go to {@code toDelete}.
   */
  private List<Pod> diffRole(
      JobPlan plan,
      String role,
      List<String> wantedNodes,
      int next,
      List<Pod> current,
      List<String> toDelete) {
    Map<String, Integer> wanted = new HashMap<>();
    wantedNodes.forEach(n -> wanted.merge(n, 1, Integer::sum));
    int index = next;
    for (Pod pod : current) {
      if (!role.equals(label(pod, Labels.ROLE))) {
        continue;
      }
      index = Math.max(index, indexOf(pod) + 1);
      if (terminating(pod)) {
        continue; // already going
      }
      if (failed(pod)) {
        toDelete.add(pod.getMetadata().getName()); // replaced below, under a new index
        continue;
      }
      String node = pod.getSpec().getNodeName();
      if (wanted.getOrDefault(node, 0) > 0) {
        wanted.merge(node, -1, Integer::sum);
      } else {
        toDelete.add(pod.getMetadata().getName());
      }
    }
    List<Pod> created = new ArrayList<>();
    for (String node : wantedNodes) {
      if (wanted.getOrDefault(node, 0) > 0) {
        wanted.merge(node, -1, Integer::sum);
        Resources demand = plan.type().demand(role.equals(Labels.WORKER) ? Task.WORKER : Task.PS);
        created.add(pods.pod(plan, role, index++, node, demand));
      }
    }
    return created;
  }

  /**
   * Records in the job's status the indices its pods will be numbered from after these, before they
   * exist: a crash that loses them leaves their names spent. False if the DL2Job is gone.
   */
  private boolean reserveNames(JobPlan plan, List<Pod> workers, List<Pod> ps) {
    Dl2JobStatus names = new Dl2JobStatus();
    names.nextWorkerIndex = workers.isEmpty() ? null : indexOf(workers.get(workers.size() - 1)) + 1;
    names.nextPsIndex = ps.isEmpty() ? null : indexOf(ps.get(ps.size() - 1)) + 1;
    return api.patchStatus(plan.name(), names);
  }

  /**
   * Waits until none of {@code names} is listed any more (a deleted pod holds its node's room until
   * it has terminated).
   */
  private void awaitGone(List<String> names) {
    long deadline = System.nanoTime() + DELETION_WAIT.toNanos();
    Set<String> waiting = new HashSet<>(names);
    while (api.pods().stream().anyMatch(p -> waiting.contains(p.getMetadata().getName()))
        && System.nanoTime() < deadline) {
      try {
        Thread.sleep(DELETION_POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** What a pod asks of its node: the cores and GPUs its containers request. */
  static Resources demand(Pod pod) {
    int cores = 0;
    int gpus = 0;
    for (Container container : pod.getSpec().getContainers()) {
      if (container.getResources() != null && container.getResources().getRequests() != null) {
        cores += NodeInventory.whole(container.getResources().getRequests().get("cpu"));
        gpus +=
            NodeInventory.whole(container.getResources().getRequests().get(Labels.GPU_RESOURCE));
      }
    }
    return new Resources(cores, gpus);
  }

  /** Its containers will not run again (the kubelet refused it, or it was evicted). */
  private static boolean failed(Pod pod) {
    return pod.getStatus() != null && "Failed".equals(pod.getStatus().getPhase());
  }

  /**
   * Not controlled by anything but its DL2Job: the pods of an Indexed or Volcano Job belong to
   * those.
   */
  static boolean madeByThisDriver(Pod pod) {
    return pod.getMetadata().getOwnerReferences() == null
        || pod.getMetadata().getOwnerReferences().stream()
            .noneMatch(
                o -> Boolean.TRUE.equals(o.getController()) && !"DL2Job".equals(o.getKind()));
  }

  private static boolean terminating(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() != null;
  }

  private static String label(Pod pod, String key) {
    return pod.getMetadata().getLabels() == null
        ? ""
        : pod.getMetadata().getLabels().getOrDefault(key, "");
  }

  private static int indexOf(Pod pod) {
    try {
      return Integer.parseInt(label(pod, Labels.INDEX));
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
