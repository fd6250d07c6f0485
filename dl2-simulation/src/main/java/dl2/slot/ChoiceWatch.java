package dl2.slot;

import dl2.model.Task;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Notes every task a scheduler put on a node of its own choosing ({@link #tryAddOn}, as Tetris, the
 * placement-aware greedy and DL2's placed policies do), as opposed to leaving the node to the
 * placement ({@link #tryAdd}): {@link StableScheduler} keeps such choices, which are decisions.
 */
final class ChoiceWatch extends ForwardingSlot {
  /** One job's chosen nodes: of its workers, of its parameter servers. */
  record Chosen(List<Integer> workers, List<Integer> parameterServers) {}

  private final Map<Integer, Chosen> byId = new HashMap<>();

  ChoiceWatch(SlotContext slot) {
    super(slot);
  }

  @Override
  public boolean tryAddOn(int node, JobView job, Task task) {
    if (!slot.tryAddOn(node, job, task)) {
      return false;
    }
    Chosen chosen =
        byId.computeIfAbsent(job.id(), id -> new Chosen(new ArrayList<>(), new ArrayList<>()));
    for (int i = 0; i < task.workers(); i++) {
      chosen.workers().add(node);
    }
    for (int i = 0; i < task.parameterServers(); i++) {
      chosen.parameterServers().add(node);
    }
    return true;
  }

  @Override
  public double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
    return slot.dryRunPlacedEpochsPerSlot(job, probe);
  }

  /** The nodes job {@code id}'s scheduler chose itself; none if it chose none. */
  Chosen chosen(int id) {
    return byId.getOrDefault(id, new Chosen(List.of(), List.of()));
  }
}
