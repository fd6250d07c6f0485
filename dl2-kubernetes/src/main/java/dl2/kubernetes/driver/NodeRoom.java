package dl2.kubernetes.driver;

import dl2.model.Resources;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The room left on each node beside the pods it holds, terminating ones included (a deleted pod
 * holds its room until it has terminated): whether a new pod can be created before this slot's
 * deletions, so that its node never runs over (the kubelet refuses such a pod, OutOfcpu). Nodes
 * have the capacity the slot was planned for; with none known, nothing goes before the deletions
 * (Project; dl2-spec §11's per-task driver).
 */
final class NodeRoom {
  private final Resources capacity;
  private final Map<String, int[]> used = new HashMap<>();

  NodeRoom(List<Pod> pods, Resources capacity) {
    this.capacity = capacity;
    for (Pod pod : pods) {
      String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
      if (pod.getSpec() != null
          && pod.getSpec().getNodeName() != null
          && !"Succeeded".equals(phase)
          && !"Failed".equals(phase)) {
        add(pod.getSpec().getNodeName(), PodsDriver.demand(pod));
      }
    }
  }

  /**
   * Takes {@code demand} on {@code node} if it fits beside what is there; false, taking nothing, if
   * not.
   */
  boolean take(String node, Resources demand) {
    if (capacity == null) {
      return false;
    }
    int[] now = used.getOrDefault(node, new int[2]);
    if (now[0] + demand.cores() > capacity.cores() || now[1] + demand.gpus() > capacity.gpus()) {
      return false;
    }
    add(node, demand);
    return true;
  }

  private void add(String node, Resources demand) {
    int[] now = used.computeIfAbsent(node, n -> new int[2]);
    now[0] += demand.cores();
    now[1] += demand.gpus();
  }
}
