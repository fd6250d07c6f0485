package dl2.slot;

import dl2.model.Task;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@code SCHEDULER@stable} (and {@code @stable-PLACEMENT}): the scheduler decides as it always
 * does, from scratch, how many tasks each job gets (and where, under its placement), on a copy
 * of the slot ({@link TwinSlot}); then every running task stays on its node unless the decision
 * drops it, and only the tasks it adds are placed ({@link StablePacking}). Nodes the scheduler
 * chose itself (Tetris, the placement-aware greedy) are kept as chosen. The decision, hence every
 * count, is the scheduler's own; only where tasks run differs. What the Kubernetes controller
 * runs, so that a node leaving moves only its own pods and no slot restarts a job for nothing
 * (dl2-spec §10 and §11: a slot issues only the deltas, new tasks placed by §2.3; the decision
 * itself is §2.3's, rebuilt from scratch).
 */
public final class StableScheduler implements Scheduler {
  /** The placement name of the wrapper over least-loaded; {@code stable-PLACEMENT} over any other. */
  public static final String NAME = "stable";
  public static final String PREFIX = NAME + "-";

  private final Scheduler scheduler;
  private final Placement placement;

  /** {@code scheduler} placing new tasks by {@code placement} (null: least-loaded, the slot's own rule). */
  public StableScheduler(Scheduler scheduler, Placement placement) {
    this.scheduler = scheduler;
    this.placement = placement;
  }

  /** {@code scheduler} kept in place: a {@link PlacedScheduler}'s placement places its new tasks; stable already, itself. */
  public static StableScheduler around(Scheduler scheduler) {
    if (scheduler instanceof StableScheduler stable) {
      return stable;
    }
    if (scheduler instanceof PlacedScheduler placed) {
      return new StableScheduler(placed.scheduler(), placed.placement());
    }
    return new StableScheduler(scheduler, null);
  }

  /** The scheduler that decides. */
  public Scheduler scheduler() {
    return scheduler;
  }

  /** Where new tasks go; null for least-loaded. */
  public Placement placement() {
    return placement;
  }

  @Override
  public String name() {
    boolean leastLoaded = placement == null || placement.name().equals("least-loaded");
    return scheduler.name() + PlacedScheduler.SEPARATOR + (leastLoaded ? NAME : PREFIX + placement.name());
  }

  @Override
  public void schedule(SlotContext slot) {
    schedule(slot, UnaryOperator.identity());
  }

  /**
   * One slot; {@code decorate} wraps the copy the scheduler decides on (e.g. a teacher's recorder,
   * which must see the scheduler's own increments, not where they end up).
   */
  public void schedule(SlotContext slot, UnaryOperator<SlotContext> decorate) {
    if (!TwinSlot.supports(slot)) {
      (placement == null ? scheduler : new PlacedScheduler(scheduler, placement)).schedule(decorate.apply(slot));
      return;
    }
    if (placement != null) {
      placement.startSlot(slot);
    }
    TwinSlot decided = new TwinSlot(slot);
    ChoiceWatch watch = new ChoiceWatch(placement == null ? decided.context() : new PlacedSlot(decided.context(), placement));
    scheduler.schedule(decorate.apply(watch));
    List<StablePacking.Nodes> packed = StablePacking.pack(slot, decided, watch, placement);
    PlacedSlot replay = placement == null ? null : new PlacedSlot(slot, placement);
    SlotContext target = replay == null ? slot : replay;
    List<JobView> jobs = slot.jobs();
    for (int i = 0; i < jobs.size(); i++) {
      SlotJob twin = (SlotJob) decided.twins().get(i);
      int[] workers = packed == null ? twin.workerNodes() : packed.get(i).workers();
      int[] ps = packed == null ? twin.psNodes() : packed.get(i).parameterServers();
      for (int node : workers) {
        place(target, node, jobs.get(i), Task.WORKER);
      }
      for (int node : ps) {
        place(target, node, jobs.get(i), Task.PS);
      }
    }
    if (placement != null) {
      placement.endSlot(slot, replay.occupancy());
    }
  }

  private static void place(SlotContext slot, int node, JobView job, Task task) {
    if (!slot.tryAddOn(node, job, task)) {
      throw new IllegalStateException("the packed " + task + " of " + job + " does not fit on node " + node);
    }
  }
}
