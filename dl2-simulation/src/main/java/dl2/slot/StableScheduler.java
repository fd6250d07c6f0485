package dl2.slot;

import dl2.model.Task;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * {@code SCHEDULER@stable} (and {@code @stable-PLACEMENT}): the scheduler decides as it always
 * does, from scratch, how many tasks each job gets (and where, under its placement), on a copy of
 * the slot ({@link TwinSlot}); then every running task stays on its node unless the decision drops
 * it, and only the tasks it adds are placed ({@link StablePacking}). Nodes the scheduler chose
 * itself (Tetris, the placement-aware greedy) are kept as chosen. The decision, hence every count,
 * is the scheduler's own; only where tasks run differs. What the Kubernetes controller runs, so
 * that a node leaving moves only its own pods and no slot restarts a job for nothing (dl2-spec §10
 * and §11: a slot issues only the deltas, new tasks placed by §2.3; the decision itself is §2.3's,
 * rebuilt from scratch). Named {@code SCHEDULER@stable(-PLACEMENT)} ({@link StablePlacement}).
 *
 * <p>Its placement sees each slot start and end once, as under a {@link PlacedScheduler}: the real
 * slot runs in one, and the copies in ones whose placement only answers where tasks go ({@link
 * ScratchPlacement}).
 */
public final class StableScheduler implements Scheduler {
  private final Scheduler scheduler;
  private final Placement placement;

  /**
   * {@code scheduler} placing new tasks by {@code placement} (null: least-loaded, the slot's own
   * rule).
   */
  public StableScheduler(Scheduler scheduler, Placement placement) {
    this.scheduler = scheduler;
    this.placement = placement;
  }

  /**
   * {@code scheduler} kept in place: a {@link PlacedScheduler}'s placement places its new tasks;
   * stable already, itself.
   */
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
    StablePlacement stable =
        new StablePlacement(placement == null ? SchedulerName.DEFAULT_PLACEMENT : placement.name());
    return new SchedulerName(scheduler.name(), Optional.of(stable.toString())).toString();
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
      placed(scheduler, placement).schedule(decorate.apply(slot));
      return;
    }
    placed(new Kept(decorate), placement).schedule(slot);
  }

  /** {@code step} with its tasks placed by {@code by} (null: the slot's own rule, least-loaded). */
  static Scheduler placed(Scheduler step, Placement by) {
    return by == null ? step : new PlacedScheduler(step, by);
  }

  /**
   * The slot, with the real tasks placed by the placement: the scheduler decides on one copy, the
   * decision is packed on another, and the packed nodes are taken on the real slot.
   */
  private final class Kept implements Scheduler {
    private final UnaryOperator<SlotContext> decorate;

    Kept(UnaryOperator<SlotContext> decorate) {
      this.decorate = decorate;
    }

    @Override
    public String name() {
      return StableScheduler.this.name();
    }

    @Override
    public void schedule(SlotContext target) {
      Placement scratch = placement == null ? null : new ScratchPlacement(placement);
      TwinSlot decided = new TwinSlot(target);
      Decision decision = new Decision(decorate);
      placed(decision, scratch).schedule(decided.context());
      List<StablePacking.Nodes> packed =
          StablePacking.pack(target, decided, decision.watch, scratch);
      List<JobView> jobs = target.jobs();
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
    }
  }

  /** The scheduler deciding on a copy of the slot, watched for the nodes it chooses itself. */
  private final class Decision implements Scheduler {
    private final UnaryOperator<SlotContext> decorate;
    private ChoiceWatch watch;

    Decision(UnaryOperator<SlotContext> decorate) {
      this.decorate = decorate;
    }

    @Override
    public String name() {
      return scheduler.name();
    }

    @Override
    public void schedule(SlotContext copy) {
      watch = new ChoiceWatch(copy);
      scheduler.schedule(decorate.apply(watch));
    }
  }

  private static void place(SlotContext slot, int node, JobView job, Task task) {
    if (!slot.tryAddOn(node, job, task)) {
      throw new IllegalStateException(
          "the packed " + task + " of " + job + " does not fit on node " + node);
    }
  }
}
