package dl2.schedulers.typed;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import java.util.List;
import java.util.PriorityQueue;

/**
 * How many workers and PSs the greedy rule gives each job before types are chosen: its marginal
 * gain fill (every job's first worker and PS at +∞ in id order, then the most valuable task, a
 * failed fit or a value ≤ 0 ending the fill, a job at its cap leaving it) run on the cluster's free
 * cores and GPUs pooled, each job at its preferred type's factor. The counts are what the rule
 * would want if every job could have its type; placement then keeps each job on one type.
 */
final class PooledCounts {
  /** A task one job may take next, and its worth; ordered by worth, then job id. */
  private record Offer(double value, Task role, int job, int id) implements Comparable<Offer> {
    @Override
    public int compareTo(Offer other) {
      int byValue = Double.compare(other.value, value);
      return byValue != 0 ? byValue : Integer.compare(id, other.id);
    }
  }

  final int[] workers;
  final int[] parameterServers;

  private PooledCounts(int jobs) {
    workers = new int[jobs];
    parameterServers = new int[jobs];
  }

  /** The counts of {@code jobs}, job {@code i} training at {@code factors[i]}. */
  static PooledCounts of(
      ClusterView cluster, List<JobView> jobs, TaskWorth worth, double[] factors) {
    PooledCounts counts = new PooledCounts(jobs.size());
    int freeCores = 0;
    int freeGpus = 0;
    for (int node = 0; node < cluster.nodeCount(); node++) {
      Resources used = cluster.used(node);
      freeCores += cluster.nodeCapacity().cores() - used.cores();
      freeGpus += cluster.nodeCapacity().gpus() - used.gpus();
    }
    PriorityQueue<Offer> queue = new PriorityQueue<>();
    for (int i = 0; i < jobs.size(); i++) {
      queue.add(counts.next(jobs.get(i), i, worth, factors[i]));
    }
    while (!queue.isEmpty()) {
      Offer head = queue.poll();
      if (head.value() <= 0) {
        break;
      }
      JobView job = jobs.get(head.job());
      int i = head.job();
      boolean worker = head.role() == Task.WORKER;
      if (worker
          ? counts.workers[i] >= job.maxWorkers()
          : counts.parameterServers[i] >= job.maxParameterServers()) {
        continue; // at its cap: the job leaves the fill, as in the greedy rule
      }
      Resources demand = job.type().demand(head.role());
      if (demand.cores() > freeCores || demand.gpus() > freeGpus) {
        break;
      }
      freeCores -= demand.cores();
      freeGpus -= demand.gpus();
      if (worker) {
        counts.workers[i]++;
      } else {
        counts.parameterServers[i]++;
      }
      queue.add(counts.next(job, i, worth, factors[i]));
    }
    return counts;
  }

  /** The job's better next task (a PS wins ties). */
  private Offer next(JobView job, int i, TaskWorth worth, double factor) {
    double worker = worth.of(job, parameterServers[i], workers[i], Task.WORKER, factor);
    double ps = worth.of(job, parameterServers[i], workers[i], Task.PS, factor);
    return ps >= worker
        ? new Offer(ps, Task.PS, i, job.id())
        : new Offer(worker, Task.WORKER, i, job.id());
  }
}
