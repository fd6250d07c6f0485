package dl2.schedulers.solver;

import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.SlotContext;
import java.util.List;

/**
 * Places the optimisers' allocations node by node (Project: heterogeneous clusters). First every
 * GPU worker, job by job in the given order, on the nodes of its type with the most free GPUs (ties
 * to the lower index), so that a job spans few nodes; then the workers of jobs that use no GPU and
 * every PS, on a node the job already uses if one fits, else on the least-loaded node that fits.
 * Each GPU worker takes its GPU and fewer cores than its node keeps per GPU, so allocations within
 * each type's GPUs and the cluster's cores always fit.
 */
final class TypedPlacement {
  private TypedPlacement() {}

  static void place(SlotContext slot, GpuTypeCapacity capacity, List<TypedAllocation> plan) {
    int[][] nodesUsed = new int[plan.size()][];
    for (int i = 0; i < plan.size(); i++) {
      TypedAllocation a = plan.get(i);
      nodesUsed[i] = new int[0];
      if (a.type() == TypedAllocation.ANY_TYPE) {
        continue;
      }
      for (int w = 0; w < a.workers() && a.job().canTake(Task.WORKER); w++) {
        int node = mostFreeGpus(slot.cluster(), capacity, a.type(), a.job());
        if (node == Placement.NOWHERE || !slot.tryAddOn(node, a.job(), Task.WORKER)) {
          break;
        }
        nodesUsed[i] = with(nodesUsed[i], node);
      }
    }
    for (int i = 0; i < plan.size(); i++) {
      TypedAllocation a = plan.get(i);
      if (a.type() == TypedAllocation.ANY_TYPE) {
        for (int w = 0; w < a.workers() && a.job().canTake(Task.WORKER); w++) {
          int node = ownOrLeastLoaded(slot.cluster(), a.job(), Task.WORKER, nodesUsed[i]);
          if (node == Placement.NOWHERE || !slot.tryAddOn(node, a.job(), Task.WORKER)) {
            break;
          }
          nodesUsed[i] = with(nodesUsed[i], node);
        }
      }
      for (int p = 0; p < a.parameterServers() && a.job().canTake(Task.PS); p++) {
        int node = ownOrLeastLoaded(slot.cluster(), a.job(), Task.PS, nodesUsed[i]);
        if (node == Placement.NOWHERE || !slot.tryAddOn(node, a.job(), Task.PS)) {
          break;
        }
        nodesUsed[i] = with(nodesUsed[i], node);
      }
    }
  }

  private static int mostFreeGpus(
      ClusterView cluster, GpuTypeCapacity capacity, int type, JobView job) {
    int best = Placement.NOWHERE;
    int bestFree = 0;
    var demand = job.type().demand(Task.WORKER);
    for (int node = 0; node < cluster.nodeCount(); node++) {
      if (capacity.typeOfNode(node) != type || !cluster.fits(node, demand)) {
        continue;
      }
      int free = cluster.nodeCapacity().gpus() - cluster.used(node).gpus();
      if (free > bestFree) {
        best = node;
        bestFree = free;
      }
    }
    return best;
  }

  private static int ownOrLeastLoaded(ClusterView cluster, JobView job, Task task, int[] own) {
    var demand = job.type().demand(task);
    for (int node : own) {
      if (cluster.fits(node, demand)) {
        return node;
      }
    }
    return cluster.leastLoadedFitting(demand);
  }

  private static int[] with(int[] nodes, int node) {
    for (int n : nodes) {
      if (n == node) {
        return nodes;
      }
    }
    int[] more = java.util.Arrays.copyOf(nodes, nodes.length + 1);
    more[nodes.length] = node;
    return more;
  }
}
