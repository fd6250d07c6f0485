package dl2.learning.env;

import dl2.learning.speeds.SpeedEstimate;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.lengths.LengthBelief;
import dl2.model.Task;
import dl2.slot.JobView;

/**
 * The marginal reward of a decision (Project): what its task adds to its job's full-slot speed,
 * valued per {@link MarginalValue} (over E by default, the length DL2's state believes). A stop
 * adds nothing and earns 0. Summed over a slot's decisions this is the slot reward's gain over the
 * start-of-slot allocation, but each decision is credited only with its own part, instead of
 * sharing one slot reward with the hundreds of other decisions of the slot. The speed is not
 * truncated at completion, so speed still counts in a job's last slot, where it shortens the
 * completion time.
 *
 * <p>Speeds come from a {@link SpeedEstimate}: by default one fitted to the cluster's measurements,
 * so the reward is computed once the slot's measurements are in; the simulator's true speeds only
 * when the run asked for the oracle by name.
 */
public final class MarginalReward {
  /**
   * The allocations of a decision's window just before it: per column, workers and PSs (null job =
   * empty), and the length each column's job was believed to have then (its own E under exact
   * lengths); for a reward that credits placement, the value of every action measured where its
   * task would go (NaN where the placement-blind value stands in; null for the other rewards).
   */
  public record Snapshot(
      JobView[] columns,
      int[] parameterServers,
      int[] workers,
      double[] epochs,
      int action,
      double[] placed) {
    public static Snapshot of(
        Observation observation,
        int decidedColumn,
        Task decidedTask,
        int action,
        LengthBelief lengths) {
      JobView[] columns = observation.columns().clone();
      int[] ps = new int[columns.length];
      int[] workers = new int[columns.length];
      double[] epochs = new double[columns.length];
      for (int c = 0; c < columns.length; c++) {
        if (columns[c] != null) {
          // the decision loop reports a decision after allocating it: take the decided task off
          // again
          ps[c] = columns[c].parameterServers() - (c == decidedColumn ? psOf(decidedTask) : 0);
          workers[c] = columns[c].workers() - (c == decidedColumn ? workersOf(decidedTask) : 0);
          epochs[c] = lengths.epochs(columns[c]);
        }
      }
      return new Snapshot(columns, ps, workers, epochs, action, null);
    }

    /** This snapshot with every action's placement-aware value (see {@link PlacedMarginals}). */
    Snapshot withPlaced(double[] values) {
      return new Snapshot(columns, parameterServers, workers, epochs, action, values);
    }
  }

  private final ActionSpace actions;
  private final MarginalValue value;

  public MarginalReward(ActionSpace actions, MarginalValue value) {
    this.actions = actions;
    this.value = value;
  }

  /** The reward of the decision itself (0 for stop). */
  public double ofDecision(Snapshot decision, SpeedEstimate speeds) {
    return of(decision, decision.action(), speeds);
  }

  /**
   * The reward every action of the decision's state would have earned (0 for stop and empty
   * columns).
   */
  public double[] ofEveryAction(Snapshot decision, boolean[] mask, SpeedEstimate speeds) {
    double[] rewards = new double[mask.length];
    for (int action = 0; action < rewards.length; action++) {
      if (mask[action]) {
        rewards[action] = of(decision, action, speeds);
      }
    }
    return rewards;
  }

  /** The reward of {@code action} in the decision's state (0 for stop). */
  double of(Snapshot decision, int action, SpeedEstimate speeds) {
    if (actions.isStop(action)) {
      return 0;
    }
    int column = actions.column(action);
    JobView job = decision.columns()[column];
    Task task = actions.task(action);
    int ps = decision.parameterServers()[column];
    int workers = decision.workers()[column];
    double with = speeds.epochsPerSlot(job, ps + psOf(task), workers + workersOf(task));
    double without = speeds.epochsPerSlot(job, ps, workers);
    return value.of(without, with, decision.epochs()[column], task == Task.BUNDLE ? 2 : 1);
  }

  private static int psOf(Task task) {
    return task == Task.WORKER ? 0 : 1;
  }

  private static int workersOf(Task task) {
    return task == Task.PS ? 0 : 1;
  }
}
