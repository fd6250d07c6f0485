package dl2.emulator;

import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.IndexedJobDriver;
import dl2.kubernetes.driver.VolcanoDriver;
import dl2.model.JobSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterState;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the emulated cluster runs in a slot, as the driver left it: the controller's pods (every
 * node's capacity checked), or the (workers, PS) counts on its Volcano or Indexed Jobs, placed
 * least-loaded first as the scheduler outside the controller would. Overcommitment is noted in the
 * training's list.
 */
final class EmulatedTasks {
  private final KubernetesClient client;
  private final String namespace;
  private final NodeInventory nodes;
  private final DriverKind driver;
  private final Map<String, JobSpec> created;
  private final List<String> overcommitted;

  EmulatedTasks(
      KubernetesClient client,
      String namespace,
      NodeInventory nodes,
      DriverKind driver,
      Map<String, JobSpec> created,
      List<String> overcommitted) {
    this.client = client;
    this.namespace = namespace;
    this.nodes = nodes;
    this.driver = driver;
    this.created = created;
    this.overcommitted = overcommitted;
  }

  /**
   * Fills each training job's task counts (workers, PS) into {@code tasks} and their nodes into
   * {@code placements}; returns the (cores, GPUs) in use.
   */
  int[] read(int slot, Map<String, int[]> tasks, Map<String, List<List<Integer>>> placements) {
    return switch (driver) {
      case PODS -> podTasks(slot, tasks, placements);
      case VOLCANO ->
          jobObjectTasks(
              slot,
              tasks,
              placements,
              client
                  .genericKubernetesResources(VolcanoDriver.VCJOBS)
                  .inNamespace(namespace)
                  .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
                  .list()
                  .getItems()
                  .stream()
                  .map(j -> Map.entry(j.getMetadata().getName(), VolcanoDriver.replicas(j)))
                  .toList(),
              true);
      case INDEXED_JOB ->
          jobObjectTasks(
              slot,
              tasks,
              placements,
              client
                  .batch()
                  .v1()
                  .jobs()
                  .inNamespace(namespace)
                  .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
                  .list()
                  .getItems()
                  .stream()
                  .map(
                      j ->
                          Map.entry(
                              j.getMetadata().getName(),
                              new int[] {
                                IndexedJobDriver.workers(j), IndexedJobDriver.parameterServers(j)
                              }))
                  .toList(),
              false);
    };
  }

  /**
   * Tasks and their nodes from the controller's pods, checking every node's capacity; returns
   * (cores, GPUs) in use.
   */
  private int[] podTasks(
      int slot, Map<String, int[]> tasks, Map<String, List<List<Integer>>> placements) {
    int[][] used = new int[nodes.names().size()][2];
    for (Pod pod :
        client
            .pods()
            .inNamespace(namespace)
            .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
            .list()
            .getItems()) {
      if (pod.getMetadata().getDeletionTimestamp() != null) {
        continue;
      }
      charge(pod, used);
      int node = nodes.indexOf(pod.getSpec().getNodeName());
      if (node < 0) {
        continue; // reported by charge; a pod on no known node does not train
      }
      String job = pod.getMetadata().getLabels().get(Labels.JOB);
      int role = Labels.WORKER.equals(pod.getMetadata().getLabels().get(Labels.ROLE)) ? 0 : 1;
      tasks.computeIfAbsent(job, k -> new int[2])[role]++;
      placements
          .computeIfAbsent(job, k -> List.of(new ArrayList<>(), new ArrayList<>()))
          .get(role)
          .add(node);
    }
    checkCapacity(slot, used);
    return total(used);
  }

  /**
   * Tasks from the (workers, PS) counts of the driver's job objects, placed task by task as a
   * scheduler outside the controller (kube-scheduler, Volcano) would: on the least-loaded node that
   * can hold it, by the load the simulator and the controller use ({@link ClusterState}), and left
   * pending where none can. PS hold resources only if {@code psPods}; otherwise (an Indexed Job)
   * they run inside the worker pods, PS i with worker i modulo the workers.
   */
  private int[] jobObjectTasks(
      int slot,
      Map<String, int[]> tasks,
      Map<String, List<List<Integer>>> placements,
      List<Map.Entry<String, int[]>> counts,
      boolean psPods) {
    ClusterState cluster = new ClusterState(nodes.spec());
    for (Map.Entry<String, int[]> job :
        counts.stream().sorted(Map.Entry.comparingByKey()).toList()) {
      JobSpec spec = created.get(job.getKey());
      int workers = job.getValue()[0];
      int ps = job.getValue()[1];
      if (spec == null || workers + ps == 0 || (!psPods && workers == 0)) {
        continue;
      }
      List<Integer> workerNodes = place(cluster, spec.type().demand(Task.WORKER), workers);
      List<Integer> psNodes = new ArrayList<>();
      if (psPods) {
        psNodes = place(cluster, spec.type().demand(Task.PS), ps);
      } else {
        for (int i = 0; i < ps && !workerNodes.isEmpty(); i++) {
          psNodes.add(workerNodes.get(i % workerNodes.size()));
        }
      }
      if (workerNodes.size() + psNodes.size() > 0) {
        tasks.put(job.getKey(), new int[] {workerNodes.size(), psNodes.size()});
        placements.put(job.getKey(), List.of(workerNodes, psNodes));
      }
    }
    return new int[] {cluster.usedCores(), cluster.usedGpus()};
  }

  /**
   * The nodes of {@code count} tasks of {@code demand}, each on the least-loaded node it fits on;
   * fewer if the cluster is full.
   */
  private static List<Integer> place(ClusterState cluster, Resources demand, int count) {
    List<Integer> placed = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int node = cluster.leastLoadedNodeFitting(demand);
      if (node < 0) {
        break;
      }
      cluster.allocate(node, demand);
      placed.add(node);
    }
    return placed;
  }

  private static int[] total(int[][] used) {
    int[] total = new int[2];
    for (int[] node : used) {
      total[0] += node[0];
      total[1] += node[1];
    }
    return total;
  }

  private void charge(Pod pod, int[][] used) {
    int node = nodes.indexOf(pod.getSpec().getNodeName());
    if (node < 0) {
      overcommitted.add(
          "pod "
              + pod.getMetadata().getName()
              + " is on unknown node "
              + pod.getSpec().getNodeName());
      return;
    }
    for (Container container : pod.getSpec().getContainers()) {
      if (container.getResources() != null && container.getResources().getRequests() != null) {
        used[node][0] += NodeInventory.whole(container.getResources().getRequests().get("cpu"));
        used[node][1] +=
            NodeInventory.whole(container.getResources().getRequests().get(Labels.GPU_RESOURCE));
      }
    }
  }

  private void checkCapacity(int slot, int[][] used) {
    for (int n = 0; n < used.length; n++) {
      if (used[n][0] > nodes.spec().coresPerNode() || used[n][1] > nodes.spec().gpusPerNode()) {
        overcommitted.add(
            "slot "
                + slot
                + ": "
                + nodes.names().get(n)
                + " holds "
                + used[n][0]
                + " cores, "
                + used[n][1]
                + " GPUs");
      }
    }
  }
}
