package dl2.placement;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.schedulers.placed.MeasuredWorld;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacementProbe;
import dl2.slot.PlacementView;

/**
 * {@code interference-aware}: consolidate a job (its own nodes first, as {@code fewest-nodes}), and
 * among the nodes that fit (its own, or else any) take the one with the least expected slowdown, to
 * this job and to the jobs already there. A node's score is the job's predicted speed there as a
 * fraction of the same counts alone on one node, plus, for every training job already there, its
 * predicted relative change in speed (negative); the highest score wins, ties to the node holding
 * more of the job's tasks, then the lower index. A task that leaves its job without a worker or a
 * PS is scored as if it brought the missing one along. Speeds are {@link MeasuredWorld}'s, measured
 * online from observed progress: before anything is measured every co-located task is assumed to
 * slow communication by a third, so empty nodes come first (Pollux's avoidance), and in a world
 * without interference the measured slowdowns fall to zero.
 */
public final class InterferenceAware implements Placement {
  public static final String NAME = "interference-aware";

  private final MeasuredWorld world = new MeasuredWorld();

  @Override
  public String name() {
    return NAME;
  }

  /** What it has measured (for diagnostics and tests). */
  public MeasuredWorld world() {
    return world;
  }

  @Override
  public void startSlot(ObservedSlot slot) {
    world.startSlot(slot);
  }

  @Override
  public void endSlot(ObservedSlot slot, PlacementView view) {
    world.endSlot(slot, view);
  }

  @Override
  public int nodeFor(JobView job, Task task, PlacementView view) {
    ClusterView cluster = view.cluster();
    Resources demand = job.type().demand(task);
    Task valued =
        job.workers() + task.workers() > 0 && job.parameterServers() + task.parameterServers() > 0
            ? task
            : Task.BUNDLE;
    Choice best = new Choice();
    for (int i = 0; i < view.nodesOf(job); i++) {
      best.consider(view.nodeOf(job, i), view, job, valued, demand);
    }
    if (best.node != NOWHERE) {
      return best.node;
    }
    boolean emptySeen = false;
    for (int node = 0; node < cluster.nodeCount(); node++) {
      boolean empty = view.jobsOn(node) == 0;
      if (empty && emptySeen) {
        continue; // empty nodes are all alike: the lowest index stands for them
      }
      emptySeen |= empty && cluster.fits(node, demand);
      best.consider(node, view, job, valued, demand);
    }
    return best.node;
  }

  /** The best node so far and its score. */
  private final class Choice {
    int node = NOWHERE;
    double score;
    int ownTasks;

    void consider(int candidate, PlacementView view, JobView job, Task valued, Resources demand) {
      if (!view.cluster().fits(candidate, demand)) {
        return;
      }
      double value = score(view, job, valued, candidate);
      int tasks = view.workersOf(job, candidate) + view.parameterServersOf(job, candidate);
      if (node == NOWHERE || value > score || (value == score && tasks > ownTasks)) {
        node = candidate;
        score = value;
        ownTasks = tasks;
      }
    }
  }

  private double score(PlacementView view, JobView job, Task task, int node) {
    int w = job.workers() + task.workers();
    int p = job.parameterServers() + task.parameterServers();
    double alone =
        world.epochsPerSlot(
            job,
            new PlacementProbe(
                new int[] {w}, new int[] {p}, new int[1][dl2.model.JobType.values().length]));
    double score = world.epochsPerSlot(job, PlacementProbe.of(view, job, job, task, node)) / alone;
    for (int i = 0; i < view.jobsOn(node); i++) {
      JobView other = view.jobOn(node, i);
      if (other.id() == job.id() || other.workers() == 0 || other.parameterServers() == 0) {
        continue;
      }
      double now = world.epochsPerSlot(other, PlacementProbe.of(view, other));
      score +=
          world.epochsPerSlot(other, PlacementProbe.of(view, other, job, task, node)) / now - 1;
    }
    return score;
  }
}
