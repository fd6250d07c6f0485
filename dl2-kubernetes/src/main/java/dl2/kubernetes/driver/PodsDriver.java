package dl2.kubernetes.driver;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.ParallelCalls;
import dl2.model.Resources;
import dl2.model.Task;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The per-task driver (dl2-spec §11): one Pod per worker and per PS, pinned to the node the
 * placement chose, labelled by job, role and index, and one headless Service per job publishing
 * its members. A resize keeps every pod whose (role, node) is still wanted, deletes the others and
 * creates the missing ones (checkpoint-restart semantics: the framework restarts from its last
 * checkpoint with the new membership). A pod that failed (e.g. the kubelet refused it: OutOfcpu)
 * is replaced. Only the pods it made count (controlled by their DL2Job), never the pods of another
 * driver's Jobs, which carry the same labels. Diffing against the observed pods makes it
 * level-triggered.
 */
public final class PodsDriver implements ScalingDriver {
  private final ClusterApi api;
  private final PodFactory pods;

  public PodsDriver(ClusterApi api, PodFactory pods) {
    this.api = api;
    this.pods = pods;
  }

  @Override
  public Changes apply(List<JobPlan> plans) {
    List<Pod> observed = api.pods().stream().filter(PodsDriver::madeByThisDriver).toList();
    Map<String, List<Pod>> podsByJob = new HashMap<>();
    for (Pod pod : observed) {
      podsByJob.computeIfAbsent(pod.getMetadata().getLabels().getOrDefault(Labels.JOB, ""), k -> new ArrayList<>()).add(pod);
    }
    List<String> toDelete = new ArrayList<>();
    List<Pod> toCreate = new ArrayList<>();
    Set<String> planned = new HashSet<>();
    for (JobPlan plan : plans) {
      planned.add(plan.name());
      List<Pod> current = podsByJob.getOrDefault(plan.name(), List.of());
      diffRole(plan, Labels.WORKER, plan.workerNodes(), current, toDelete, toCreate);
      diffRole(plan, Labels.PS, plan.psNodes(), current, toDelete, toCreate);
    }
    for (Pod pod : observed) {
      if (!terminating(pod) && !planned.contains(pod.getMetadata().getLabels().getOrDefault(Labels.JOB, ""))) {
        toDelete.add(pod.getMetadata().getName()); // finished, invalid, deleted or unallocated jobs
      }
    }
    // Free the nodes before placing new pods; within each phase the calls are independent.
    ParallelCalls.runAll(toDelete.stream().sorted().map(name -> (Runnable) () -> api.deletePod(name)).toList());
    Rejections rejections = new Rejections();
    HeadlessServices.sync(api, pods, plans, rejections);
    ParallelCalls.runAll(toCreate.stream()
        .map(pod -> rejections.guarded(pod.getMetadata().getLabels().get(Labels.JOB), () -> api.create(pod))).toList());
    return new Changes(toCreate.size(), toDelete.size(), rejections.byJob());
  }

  private void diffRole(JobPlan plan, String role, List<String> wantedNodes, List<Pod> current, List<String> toDelete,
      List<Pod> toCreate) {
    Map<String, Integer> wanted = new HashMap<>();
    wantedNodes.forEach(n -> wanted.merge(n, 1, Integer::sum));
    Set<Integer> usedIndices = new HashSet<>();
    for (Pod pod : current) {
      if (!role.equals(pod.getMetadata().getLabels().get(Labels.ROLE))) {
        continue;
      }
      usedIndices.add(indexOf(pod));
      if (terminating(pod)) {
        continue; // already going; its name stays taken until it is gone
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
    int next = 0;
    for (String node : wantedNodes) {
      if (wanted.getOrDefault(node, 0) > 0) {
        wanted.merge(node, -1, Integer::sum);
        while (usedIndices.contains(next)) {
          next++;
        }
        usedIndices.add(next);
        Task task = role.equals(Labels.WORKER) ? Task.WORKER : Task.PS;
        Resources demand = plan.type().demand(task);
        toCreate.add(pods.pod(plan, role, next, node, demand));
      }
    }
  }

  /** Its containers will not run again (the kubelet refused it, or it was evicted). */
  private static boolean failed(Pod pod) {
    return pod.getStatus() != null && "Failed".equals(pod.getStatus().getPhase());
  }

  /** Not controlled by anything but its DL2Job: the pods of an Indexed or Volcano Job belong to those. */
  static boolean madeByThisDriver(Pod pod) {
    return pod.getMetadata().getOwnerReferences() == null || pod.getMetadata().getOwnerReferences().stream()
        .noneMatch(o -> Boolean.TRUE.equals(o.getController()) && !"DL2Job".equals(o.getKind()));
  }

  private static boolean terminating(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() != null;
  }

  private static int indexOf(Pod pod) {
    try {
      return Integer.parseInt(pod.getMetadata().getLabels().getOrDefault(Labels.INDEX, "-1"));
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
