package dl2.learning.rl;

import dl2.learning.ActionSpace;
import dl2.learning.Observation;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.simulation.JobView;
import dl2.speed.SpeedModel;

/**
 * The marginal reward of a decision (Project): what its task adds to its job's full-slot progress
 * rate, over E, at the moment it is allocated. A stop adds nothing and earns 0. Summed over a
 * slot's decisions this is the slot reward's gain over the start-of-slot allocation, but each
 * decision is credited only with its own part, instead of sharing one slot reward with the
 * hundreds of other decisions of the slot. The rate is not truncated at completion, so speed
 * still counts in a job's last slot, where it shortens the completion time.
 *
 * <p>Counterfactual rates come from the simulator's speed model: a training signal available in
 * simulation, not something a live cluster measures.
 */
final class MarginalReward {
  private final SpeedModel speed;
  private final int slotSeconds;
  private final ActionSpace actions;

  MarginalReward(SpeedModel speed, int slotSeconds, ActionSpace actions) {
    this.speed = speed;
    this.slotSeconds = slotSeconds;
    this.actions = actions;
  }

  /** The reward of a task just added to {@code job}, which now holds it. */
  double ofAllocated(JobView job, Task task) {
    return gain(job.type(), job.epochs(), job.parameterServers() - psOf(task), job.workers() - workersOf(task), task);
  }

  /**
   * The reward every action of {@code observation} would have earned (0 for stop and masked
   * actions). The decision loop reports a decision after allocating it, so the decided column
   * already holds {@code decidedTask}; it is taken off to recover the state the decision saw.
   */
  double[] ofEveryAction(Observation observation, int decidedColumn, Task decidedTask) {
    double[] rewards = new double[observation.mask().length];
    for (int action = 0; action < rewards.length; action++) {
      if (!observation.mask()[action] || actions.isStop(action)) {
        continue;
      }
      int column = actions.column(action);
      JobView job = observation.columns()[column];
      int ps = job.parameterServers();
      int workers = job.workers();
      if (column == decidedColumn) {
        ps -= psOf(decidedTask);
        workers -= workersOf(decidedTask);
      }
      rewards[action] = gain(job.type(), job.epochs(), ps, workers, actions.task(action));
    }
    return rewards;
  }

  /** (rate with the task − rate without it)/E for a job holding {@code numPs} and {@code numWorkers} before it. */
  double gain(JobType type, double epochs, int numPs, int numWorkers, Task task) {
    return (rate(type, numPs + psOf(task), numWorkers + workersOf(task)) - rate(type, numPs, numWorkers)) / epochs;
  }

  private double rate(JobType type, int numPs, int numWorkers) {
    return numPs < 1 || numWorkers < 1 ? 0 : speed.epochsPerSlot(type, numPs, numWorkers, slotSeconds);
  }

  private static int psOf(Task task) {
    return task == Task.WORKER ? 0 : 1;
  }

  private static int workersOf(Task task) {
    return task == Task.PS ? 0 : 1;
  }
}
