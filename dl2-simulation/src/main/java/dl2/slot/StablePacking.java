package dl2.slot;

import dl2.model.Task;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a slot's decided tasks go so that running tasks stay where they run ({@link
 * StableScheduler}): first every task the scheduler put on a node of its own choosing; then, for
 * each job in id order, as many of the tasks it {@link SlotJob#held() held} as the decision keeps,
 * on their nodes (lowest node first, a role at a time); then the job's other tasks, pairs of a
 * worker and a PS first, where the placement says, else on the least-loaded node they fit on.
 * Running tasks are all placed before any new one, so a new task never takes the room of one that
 * stays. Null when the new tasks do not fit beside the running ones: then the decision's own
 * packing stands.
 */
final class StablePacking implements Scheduler {
  /** The nodes of one job's workers and parameter servers. */
  record Nodes(int[] workers, int[] parameterServers) {}

  private final SlotContext real;
  private final TwinSlot decided;
  private final ChoiceWatch watch;
  private final TwinSlot pack;

  /**
   * Whether the packing slot's {@code tryAdd} asks the placement (else new tasks go least-loaded).
   */
  private final boolean placed;

  private List<Nodes> nodes;

  private StablePacking(
      SlotContext real, TwinSlot decided, ChoiceWatch watch, TwinSlot pack, boolean placed) {
    this.real = real;
    this.decided = decided;
    this.watch = watch;
    this.pack = pack;
    this.placed = placed;
  }

  /**
   * The nodes of each of {@code real}'s jobs (ascending id), for the counts {@code decided}'s twins
   * hold, or null if they cannot be packed around the running tasks. New tasks go where {@code
   * scratch} says (null: least-loaded), on a copy of the slot.
   */
  static List<Nodes> pack(
      SlotContext real, TwinSlot decided, ChoiceWatch watch, Placement scratch) {
    TwinSlot pack = new TwinSlot(real);
    StablePacking packing = new StablePacking(real, decided, watch, pack, scratch != null);
    StableScheduler.placed(packing, scratch).schedule(pack.context());
    return packing.nodes;
  }

  /** Run as a scheduler on the copy, so that a {@link PlacedScheduler} places its new tasks. */
  @Override
  public String name() {
    return "stable packing";
  }

  @Override
  public void schedule(SlotContext packing) {
    nodes = packed(packing);
  }

  private List<Nodes> packed(SlotContext packing) {
    List<JobView> jobs = real.jobs();
    int[] newWorkers = new int[jobs.size()];
    int[] newPs = new int[jobs.size()];
    for (int i = 0; i < jobs.size(); i++) {
      ChoiceWatch.Chosen chosen = watch.chosen(jobs.get(i).id());
      JobView twin = pack.twins().get(i);
      for (int node : chosen.workers()) {
        require(packing.tryAddOn(node, twin, Task.WORKER));
      }
      for (int node : chosen.parameterServers()) {
        require(packing.tryAddOn(node, twin, Task.PS));
      }
    }
    for (int i = 0; i < jobs.size(); i++) {
      SlotJob job = (SlotJob) jobs.get(i);
      JobView decision = decided.twins().get(i);
      ChoiceWatch.Chosen chosen = watch.chosen(job.id());
      JobView twin = pack.twins().get(i);
      newWorkers[i] =
          keep(
              packing,
              twin,
              Task.WORKER,
              decision.workers() - chosen.workers().size(),
              job.held().workerNodes(),
              chosen.workers());
      newPs[i] =
          keep(
              packing,
              twin,
              Task.PS,
              decision.parameterServers() - chosen.parameterServers().size(),
              job.held().psNodes(),
              chosen.parameterServers());
    }
    for (int i = 0; i < jobs.size(); i++) {
      JobView twin = pack.twins().get(i);
      int pairs = Math.min(newWorkers[i], newPs[i]);
      for (int p = 0; p < pairs; p++) {
        if (!add(packing, twin, Task.BUNDLE)
            && !(add(packing, twin, Task.WORKER) && add(packing, twin, Task.PS))) {
          return null;
        }
      }
      for (int w = pairs; w < newWorkers[i]; w++) {
        if (!add(packing, twin, Task.WORKER)) {
          return null;
        }
      }
      for (int s = pairs; s < newPs[i]; s++) {
        if (!add(packing, twin, Task.PS)) {
          return null;
        }
      }
    }
    List<Nodes> all = new ArrayList<>(jobs.size());
    for (JobView twin : pack.twins()) {
      SlotJob packed = (SlotJob) twin;
      all.add(new Nodes(packed.workerNodes(), packed.psNodes()));
    }
    return all;
  }

  /**
   * Puts up to {@code count} of {@code task} back on the nodes in {@code held} (lowest first), but
   * for those the scheduler's own choices already hold; how many are left to place.
   */
  private static int keep(
      SlotContext packing, JobView twin, Task task, int count, int[] held, List<Integer> chosen) {
    int[] nodes = held.clone();
    Arrays.sort(nodes);
    List<Integer> taken = new ArrayList<>(chosen);
    int kept = 0;
    for (int i = 0; i < nodes.length && kept < count; i++) {
      if (taken.remove(Integer.valueOf(nodes[i]))) {
        continue; // the scheduler put this one back itself
      }
      if (packing.tryAddOn(nodes[i], twin, task)) {
        kept++;
      }
    }
    return Math.max(0, count - kept);
  }

  /**
   * One new task: where the placement says if it fits there, else on the least-loaded node it fits
   * on.
   */
  private boolean add(SlotContext packing, JobView twin, Task task) {
    if (placed && packing.tryAdd(twin, task)) {
      return true;
    }
    int node = packing.cluster().leastLoadedFitting(twin.type().demand(task));
    return node != Placement.NOWHERE && packing.tryAddOn(node, twin, task);
  }

  private static void require(boolean added) {
    if (!added) {
      throw new IllegalStateException(
          "a task the scheduler placed itself no longer fits on its node");
    }
  }
}
