package dl2.schedulers.placed;

import dl2.model.Task;
import dl2.schedulers.OptimusFitted;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.ClusterView;
import dl2.slot.JobOrder;
import dl2.slot.JobView;
import dl2.slot.NodeOccupancy;
import dl2.slot.SlotContext;
import java.util.List;

/**
 * One slot of {@link IaGreedy}. The greedy step keeps each job's best (node, role) and, after a
 * task goes in, revalues exactly what it changed: the job itself and the jobs on that node (their
 * speeds changed), and, for every other job, only the nodes where a job whose speed changed has
 * tasks (its loss as a victim there changed), the node itself, and the next empty node. Every other
 * candidate keeps its value, so the step picks what valuing everything afresh would (under the
 * Pollux rule, which depends on how many nodes the neighbours span, every job is revalued). Empty
 * nodes are all alike: only the lowest-index one is valued.
 */
final class IaGreedySlot {

  private final SlotContext slot;
  private final PlacedSpeeds speeds;
  private final IaGreedy.Config config;
  private final NodeOccupancy occupancy;
  private final ClusterView cluster;
  private final List<JobView> jobs;

  /** Each job's predicted epochs per slot where it is now; 0 while it does not train. */
  private final double[] rate;

  private final TaskCandidate[] best;
  private final boolean[] growing;
  private final TaskValuation valuation;

  /** What one greedy step may add on a node (TaskStep#all of the config). */
  private final java.util.List<TaskStep> steps;

  private int firstEmpty;

  /**
   * Revalue every job everywhere after each task: the plain reference the incremental step is
   * tested against.
   */
  private final boolean plain;

  /** What the greedy believes each job's remaining epochs are (docs/job-lengths.md). */
  private final OptimusRemaining.RemainingEpochs remainingEpochs;

  IaGreedySlot(
      SlotContext slot,
      PlacedSpeeds speeds,
      IaGreedy.Config config,
      NodeOccupancy occupancy,
      boolean plain,
      OptimusRemaining.RemainingEpochs remainingEpochs) {
    this.plain = plain;
    this.remainingEpochs = remainingEpochs;
    this.slot = slot;
    this.speeds = speeds;
    this.config = config;
    this.occupancy = occupancy;
    this.cluster = slot.cluster();
    this.jobs = slot.jobs();
    this.rate = new double[jobs.size()];
    this.best = new TaskCandidate[jobs.size()];
    this.growing = new boolean[jobs.size()];
    this.valuation =
        new TaskValuation(slot, speeds, config, occupancy, jobs, rate, remainingEpochs);
    this.steps = TaskStep.all(config.bundles(), config.maxStepTasks());
  }

  void run() {
    for (int i = 0; i < jobs.size(); i++) {
      admit(i);
    }
    for (int i = 0; i < jobs.size(); i++) {
      profile(i);
    }
    grow();
  }

  /**
   * A job without tasks gets a worker and a PS: as a bundle on one node if one fits it, else split.
   */
  private void admit(int i) {
    JobView job = jobs.get(i);
    if (job.workers() > 0 || job.parameterServers() > 0) {
      rate[i] = valuation.speed(job, null, null, -1);
      return;
    }
    TaskCandidate bundle = bestPlace(i, TaskStep.BUNDLE, true);
    if (bundle != null) {
      if (config.admitEveryJob() || bundle.value() > 0) {
        place(i, TaskStep.BUNDLE, bundle.node());
      }
      return;
    }
    TaskCandidate worker = bestPlace(i, TaskStep.WORKER, true);
    if (worker == null || bestPlace(i, TaskStep.PS, true) == null) {
      return; // a lone worker would hold a GPU without training
    }
    place(i, TaskStep.WORKER, worker.node());
    TaskCandidate ps = bestPlace(i, TaskStep.PS, true);
    if (ps != null) {
      place(i, TaskStep.PS, ps.node());
    }
  }

  /** A job still being profiled is brought to its next profiling configuration, task by task. */
  private void profile(int i) {
    JobView job = jobs.get(i);
    OptimusFitted.Config target =
        job.workers() > 0 && job.parameterServers() > 0 ? speeds.nextProfile(job) : null;
    while (target != null
        && (job.workers() < target.numWorkers() || job.parameterServers() < target.numPs())) {
      TaskStep task = job.workers() < target.numWorkers() ? TaskStep.WORKER : TaskStep.PS;
      TaskCandidate where = bestPlace(i, task, true);
      if (where == null) {
        return;
      }
      place(i, task, where.node());
    }
  }

  /** The greedy step, until no task has a positive value or none fits. */
  private void grow() {
    for (int i = 0; i < jobs.size(); i++) {
      JobView job = jobs.get(i);
      growing[i] = rate[i] > 0 && speeds.knows(job) && speeds.nextProfile(job) == null;
      best[i] = growing[i] ? valueEverywhere(i) : null;
    }
    while (true) {
      int top = -1;
      for (int i = 0; i < jobs.size(); i++) {
        if (best[i] != null && (top < 0 || best[i].value() > best[top].value())) {
          top = i;
        }
      }
      if (top < 0 || best[top].value() <= 0) {
        return;
      }
      TaskCandidate chosen = best[top];
      int emptyBefore = firstEmpty;
      boolean[] changed = place(top, chosen.step(), chosen.node());
      if (changed == null) {
        growing[top] = false;
        best[top] = null;
        continue;
      }
      revalue(changed, chosen.node(), emptyBefore);
    }
  }

  /**
   * After a placement on {@code node}: the changed jobs anew, every other job on the nodes that
   * changed.
   */
  private void revalue(boolean[] changed, int node, int emptyBefore) {
    boolean[] affected = new boolean[cluster.nodeCount()];
    affected[node] = true;
    for (int i = 0; i < jobs.size(); i++) {
      if (changed[i]) {
        for (int k = 0; k < occupancy.nodesOf(jobs.get(i)); k++) {
          affected[occupancy.nodeOf(jobs.get(i), k)] = true;
        }
      }
    }
    if (firstEmpty != emptyBefore && firstEmpty < affected.length) {
      affected[firstEmpty] = true;
    }
    for (int i = 0; i < jobs.size(); i++) {
      if (!growing[i]) {
        continue;
      }
      if (plain
          || changed[i]
          || best[i] == null
          || affected[best[i].node()]
          || config.polluxRule()) {
        best[i] = valueEverywhere(i);
        continue;
      }
      for (int n = 0; n < affected.length; n++) {
        if (affected[n]) {
          best[i] = valueOn(i, n, best[i]);
        }
      }
    }
  }

  private static TaskCandidate better(TaskCandidate a, TaskCandidate b) {
    return b != null && b.before(a) ? b : a;
  }

  /** The job's best task over every node worth valuing; null if none fits. */
  private TaskCandidate valueEverywhere(int i) {
    TaskCandidate top = null;
    for (int n = 0; n < cluster.nodeCount(); n++) {
      if (n == firstEmpty || occupancy.jobsOn(n) > 0) {
        top = valueOn(i, n, top);
      }
    }
    return top;
  }

  /**
   * The better of {@code top} and job i's steps on {@code node}: a worker, a PS, and (if
   * configured) both, or every mix up to the configured size.
   */
  private TaskCandidate valueOn(int i, int node, TaskCandidate top) {
    for (TaskStep step : steps) {
      top = better(top, valuation.value(i, step, node, false));
    }
    return top;
  }

  /**
   * The best node for one {@code task} of job i (its own speed against its ideal, plus the
   * others'); null if none fits.
   */
  private TaskCandidate bestPlace(int i, TaskStep task, boolean placing) {
    TaskCandidate top = null;
    for (int n = 0; n < cluster.nodeCount(); n++) {
      if (n == firstEmpty || occupancy.jobsOn(n) > 0) {
        top = better(top, valuation.value(i, task, n, placing));
      }
    }
    return top;
  }

  /**
   * Places the task and updates the speeds it changed (the job's and its co-located jobs'); the
   * jobs whose speed changed, or null if the slot refused the task.
   */
  private boolean[] place(int i, TaskStep step, int node) {
    JobView job = jobs.get(i);
    if (!add(job, step, node)) {
      return null;
    }
    while (firstEmpty < cluster.nodeCount() && occupancy.jobsOn(firstEmpty) > 0) {
      firstEmpty++;
    }
    boolean[] changed = new boolean[jobs.size()];
    changed[i] = true;
    for (int k = 0; k < occupancy.jobsOn(node); k++) {
      changed[JobOrder.indexOfId(jobs, occupancy.jobOn(node, k).id())] = true;
    }
    for (int k = 0; k < jobs.size(); k++) {
      if (changed[k]) {
        rate[k] = valuation.speed(jobs.get(k), null, null, -1);
      }
    }
    return changed;
  }

  /**
   * Places the step's tasks (bundles first, as many as both roles allow); false if the slot refused
   * the first, when nothing changed. A larger step fits whole (its demand and caps were checked).
   */
  private boolean add(JobView job, TaskStep step, int node) {
    if (step.task() != null) {
      return add(job, step.task(), node);
    }
    int pairs = Math.min(step.workers(), step.parameterServers());
    boolean any = false;
    for (int k = 0; k < step.tasks() - pairs; k++) {
      Task task = k < pairs ? Task.BUNDLE : k < step.workers() ? Task.WORKER : Task.PS;
      if (!add(job, task, node)) {
        return any;
      }
      any = true;
    }
    return any;
  }

  private boolean add(JobView job, Task task, int node) {
    if (!slot.tryAddOn(node, job, task)) {
      return false;
    }
    occupancy.record(job, task, node);
    return true;
  }
}
