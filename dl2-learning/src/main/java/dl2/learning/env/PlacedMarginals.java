package dl2.learning.env;

import dl2.learning.policy.ActionChooser;
import dl2.learning.policy.DecisionPoint;
import dl2.learning.speeds.SpeedEstimate;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.NodeKind;
import dl2.learning.state.Observation;
import dl2.lengths.LengthBelief;
import dl2.model.Task;
import dl2.schedulers.placed.MeasuredWorld;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacementProbe;
import dl2.slot.PlacementView;
import java.util.Arrays;
import java.util.List;

/**
 * The Project's placement-crediting marginal reward ({@code observed-placed-marginals}): every
 * action of a placed state is valued by what its task adds to its job's speed where the action's
 * node kind puts it, from the job placed as it is to the job with the task on that node, both by
 * {@link MeasuredWorld}, which fits each job's isolated curve, the locality factor λ and pairwise
 * interference to measured progress alone. So the three kinds of one (job, task) earn different
 * rewards, where {@code observed-marginals} gives them one. A job the measured world does not know
 * yet (seen at fewer than three configurations) is valued as {@code observed-marginals} values it;
 * a stop earns 0. What a task costs the other jobs on its node is not credited.
 *
 * <p>The values are computed before the decided task is applied ({@link #choosing}), on the slot's
 * placement as it is then; the measured world is fed each slot as {@code ia-greedy} feeds it, one
 * per agent, and resets itself when a new run starts. It is not saved with a checkpoint, so a run
 * under this reward cannot be resumed.
 */
public final class PlacedMarginals implements DecisionReward {
  private final MarginalReward blind;
  private final ActionSpace actions;
  private final MarginalValue unit;
  private final LengthBelief lengths;
  private final MeasuredWorld world = new MeasuredWorld();
  private PlacementView view;

  /** The state the last values were computed for, and the values, until its decision is kept. */
  private Observation valued;

  private double[] values;

  PlacedMarginals(
      MarginalReward blind, ActionSpace actions, MarginalValue unit, LengthBelief lengths) {
    this.blind = blind;
    this.actions = actions;
    this.unit = unit;
    this.lengths = lengths;
  }

  @Override
  public void startSlot(ObservedSlot slot) {
    view =
        slot.placementView()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "observed-placed-marginals needs a slot that records where tasks go"));
    world.startSlot(slot);
  }

  @Override
  public void endSlot(ObservedSlot slot) {
    world.endSlot(slot, view);
  }

  @Override
  public ActionChooser choosing(ActionChooser chooser) {
    return new ActionChooser() {
      @Override
      public int choose(Observation observation, double[] q) {
        int action = chooser.choose(observation, q);
        if (action >= 0) {
          value(observation);
        }
        return action;
      }

      @Override
      public int choose(DecisionPoint decision) {
        int action = chooser.choose(decision);
        if (action >= 0) {
          value(decision.observation());
        }
        return action;
      }
    };
  }

  /** The measured world this reward values placements by (for tests and diagnostics). */
  public MeasuredWorld world() {
    return world;
  }

  /**
   * Values every allowed action of {@code observation} on the placement as it is now, before the
   * decided task goes in.
   */
  void value(Observation observation) {
    valued = observation;
    values = valuesOf(observation, view);
  }

  /**
   * Per action of {@code observation}, its value on {@code placement} by the measured world; NaN
   * where the job is not known to it or the action is not allowed; 0 for stop.
   */
  double[] valuesOf(Observation observation, PlacementView placement) {
    boolean[] mask = observation.mask();
    double[] out = new double[mask.length];
    Arrays.fill(out, Double.NaN);
    out[actions.stop()] = 0;
    JobView[] columns = observation.columns();
    JobView before = null;
    double speedBefore = 0;
    for (int a = 0; a < actions.stop(); a++) {
      int column = actions.column(a);
      JobView job = columns[column];
      if (!mask[a] || job == null || !world.knows(job)) {
        continue;
      }
      Task task = actions.task(a);
      int node = NodeKind.ofColumn(column).nodeFor(job, task, placement);
      if (node == Placement.NOWHERE) {
        continue;
      }
      if (job != before) { // a job's columns are consecutive
        before = job;
        speedBefore = world.epochsPerSlot(job, PlacementProbe.of(placement, job));
      }
      double with = world.epochsPerSlot(job, PlacementProbe.of(placement, job, job, task, node));
      out[a] = unit.of(speedBefore, with, lengths.epochs(job), task == Task.BUNDLE ? 2 : 1);
    }
    return out;
  }

  @Override
  public MarginalReward.Snapshot snapshot(Observation observation, int action) {
    if (observation != valued) {
      throw new IllegalStateException("a decision was kept whose state was never valued");
    }
    boolean stop = actions.isStop(action);
    return MarginalReward.Snapshot.of(
            observation,
            stop ? -1 : actions.column(action),
            stop ? null : actions.task(action),
            action,
            lengths)
        .withPlaced(values);
  }

  @Override
  public double of(
      KeptDecision decision, double slotReward, List<JobProgress> progress, SpeedEstimate speeds) {
    return of(decision.snapshot(), decision.action(), speeds);
  }

  @Override
  public double[] ofEveryAction(KeptDecision decision, SpeedEstimate speeds) {
    boolean[] mask = decision.mask();
    double[] rewards = new double[mask.length];
    for (int a = 0; a < rewards.length; a++) {
      if (mask[a]) {
        rewards[a] = of(decision.snapshot(), a, speeds);
      }
    }
    return rewards;
  }

  /** The measured value where there is one, else the placement-blind one. */
  private double of(MarginalReward.Snapshot snapshot, int action, SpeedEstimate speeds) {
    double placed = snapshot.placed()[action];
    return Double.isNaN(placed) ? blind.of(snapshot, action, speeds) : placed;
  }
}
