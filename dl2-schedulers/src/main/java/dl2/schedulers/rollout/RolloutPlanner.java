package dl2.schedulers.rollout;

import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.OptimusRemaining.Rank;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Rollout policy improvement over optimus-remaining (Bertsekas, Tsitsiklis and Wu, 1997): each slot
 * it builds a few candidate allocations ({@link RolloutCandidate}: the base heuristic's, one job's
 * last task moved on, one job held back or served first, other ranks), scores each by simulating
 * the present jobs for a horizon in a {@link RolloutModel} (the candidate now, optimus-remaining
 * after it), and plays the one of least summed completion time, the base's on ties. It knows what
 * optimus-remaining knows, dry-run speeds and job lengths, and nothing of future arrivals.
 */
public final class RolloutPlanner implements Scheduler {
  public static final String NAME = "rollout";

  /**
   * The choice of one slot, in the model: the candidate played, its first-slot tasks, its cost and
   * the base's.
   */
  record Choice(RolloutCandidate candidate, SlotPlan plan, double cost, double baseCost) {}

  private final RolloutConfig config;
  private final DryRunCache speeds = new DryRunCache();
  private final OptimusRemaining base = new OptimusRemaining();

  public RolloutPlanner() {
    this(RolloutConfig.SHIPPED);
  }

  public RolloutPlanner(RolloutConfig config) {
    this.config = config;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void schedule(SlotContext slot) {
    if (!slot.jobsWithTasks().isEmpty()) {
      base.schedule(
          slot); // the model starts from an empty cluster; a slot that does not gets the base
      // heuristic
      return;
    }
    List<JobView> jobs = slot.jobs();
    if (jobs.isEmpty()) {
      return;
    }
    SlotPlan plan = choose(slot).plan();
    for (int i = 0; i < plan.size(); i++) {
      if (!slot.tryAdd(jobs.get(plan.job(i)), plan.role(i))) {
        return; // a placement the model did not foresee failed: end the slot, as the base heuristic
        // does
      }
    }
  }

  /**
   * Scores the candidates of an empty {@code slot} with outstanding jobs and picks one; places
   * nothing.
   */
  Choice choose(SlotContext slot) {
    List<JobView> jobs = slot.jobs();
    speeds.startSlot(slot, jobs);
    RolloutModel model = new RolloutModel(slot, jobs, speeds);
    model.reset();
    SlotPlan basePlan = model.allocate(RolloutCandidate.BASE);
    List<RolloutCandidate> candidates = candidates(model);
    double baseCost = model.advance(0) + model.finishWithBase(1, config.horizonSlots());
    Choice best = new Choice(RolloutCandidate.BASE, basePlan, baseCost, baseCost);
    List<SlotPlan> seen = new ArrayList<>(List.of(basePlan));
    for (RolloutCandidate candidate : candidates) {
      model.reset();
      SlotPlan plan = model.allocate(candidate);
      if (seen.stream().anyMatch(plan::sameAs)) {
        continue; // the same tasks in the same order: the same rollout
      }
      seen.add(plan);
      double cost = model.advance(0) + model.finishWithBase(1, config.horizonSlots());
      if (cost < best.cost()) {
        best = new Choice(candidate, plan, cost, baseCost);
      }
    }
    return best;
  }

  /**
   * The variants to score, read off the base allocation now in {@code model}: held back, boosted,
   * other ranks.
   */
  private List<RolloutCandidate> candidates(RolloutModel model) {
    List<RolloutCandidate> candidates = new ArrayList<>();
    Comparator<Integer> longestFirst =
        Comparator.comparingDouble((Integer j) -> -model.remainingSlots(j))
            .thenComparingInt(j -> j);
    IntStream.range(0, model.jobs())
        .filter(j -> model.tasksOf(j) > 0)
        .boxed()
        .sorted(longestFirst)
        .limit(config.heldBackJobs())
        .forEach(j -> candidates.add(RolloutCandidate.limiting(j, 0)));
    Comparator<Integer> largestFirst =
        Comparator.comparingInt((Integer j) -> -model.tasksOf(j)).thenComparingInt(j -> j);
    IntStream.range(0, model.jobs())
        .filter(j -> model.tasksOf(j) > 1)
        .boxed()
        .sorted(largestFirst)
        .limit(config.trimmedJobs())
        .forEach(j -> candidates.add(RolloutCandidate.limiting(j, model.tasksOf(j) - 1)));
    Comparator<Integer> shortestFirst =
        Comparator.comparingDouble((Integer j) -> model.remainingSlots(j)).thenComparingInt(j -> j);
    IntStream.range(0, model.jobs())
        .boxed()
        .sorted(shortestFirst)
        .limit(config.boostedJobs())
        .forEach(j -> candidates.add(RolloutCandidate.boosting(j)));
    for (Rank rank : config.otherRanks()) {
      candidates.add(RolloutCandidate.ranked(rank));
    }
    return candidates;
  }
}
