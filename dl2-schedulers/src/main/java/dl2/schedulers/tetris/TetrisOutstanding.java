package dl2.schedulers.tetris;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The outstanding jobs as of the last slot: in id order with their work and demand group (the sums
 * walk them in that order), and filed by work in their group. Each slot, a walk compares the slot's
 * jobs with these by identity, so arrivals and departures are found without asking a known job
 * anything; a context that makes new job objects every slot just refiles them all.
 */
final class TetrisOutstanding {
  Resources capacity;
  final List<TetrisDemandGroup> groups = new ArrayList<>();
  int size;
  TetrisColumns columns = new TetrisColumns(0);

  /** The columns the next merge writes, swapped with {@link #columns} after it. */
  private TetrisColumns spare = new TetrisColumns(0);

  double meanWork;

  /** Σ work in id order, as the merge goes. */
  private double workSum;

  void clear(Resources capacity) {
    this.capacity = capacity;
    groups.clear();
    size = 0;
  }

  void update(List<JobView> current, List<JobView> ran) {
    for (JobView job : ran) {
      refile(job);
    }
    workSum = 0;
    merge(current);
    meanWork = workSum / size;
  }

  /**
   * Takes {@code jobs} (ascending id) as the outstanding jobs, keeping what is known of the same
   * objects.
   */
  private void merge(List<JobView> jobs) {
    Object[] current = jobs.toArray(); // one copy: cheaper than reading the list job by job
    int n = current.length;
    if (spare.jobs.length < n) {
      spare = new TetrisColumns(Math.max(n, 2 * spare.jobs.length));
    }
    TetrisColumns old = columns;
    TetrisColumns now = spare;
    int i = 0;
    int k = 0;
    while (i < n) {
      int same = sameJobs(current, n, i, k);
      old.copyTo(k, now, i, same);
      i += same;
      k += same;
      if (i < n) {
        k = file((JobView) current[i], k, now, i);
        i++;
      }
    }
    while (k < size) {
      leave(k++);
    }
    spare = old;
    columns = now;
    size = n;
  }

  /**
   * How many jobs of {@code current} from i are, object for object, the known ones from k; adds
   * their work to the sum.
   */
  private int sameJobs(Object[] current, int n, int i, int k) {
    Object[] jobs = columns.jobs;
    double[] work = columns.work;
    int limit = Math.min(n - i, size - k);
    double sum = workSum;
    int same = 0;
    while (same < limit && current[i + same] == jobs[k + same]) {
      sum += work[k + same];
      same++;
    }
    workSum = sum;
    return same;
  }

  /**
   * Files {@code job}, which is not the known job at k, at index i of {@code now}: the known jobs
   * of lower ids have left; one of its id is kept if it is the same object. Returns the next k.
   */
  private int file(JobView job, int k, TetrisColumns now, int i) {
    int id = job.id();
    while (k < size && columns.ids[k] < id) {
      leave(k++);
    }
    if (k < size && columns.ids[k] == id) {
      if (columns.jobs[k] == job) {
        columns.copyTo(k, now, i, 1);
        workSum += now.work[i];
        return k + 1;
      }
      leave(k++); // Another object of the same id: a context that remakes its jobs.
    }
    int g = groupOf(job);
    now.jobs[i] = job;
    now.ids[i] = id;
    now.group[i] = g;
    now.work[i] = groups.get(g).work(job);
    groups.get(g).byWork.add(new TetrisEntry(now.work[i], id, job));
    workSum += now.work[i];
    return k;
  }

  private void leave(int k) {
    groups
        .get(columns.group[k])
        .byWork
        .remove(new TetrisEntry(columns.work[k], columns.ids[k], null));
  }

  /** Re-files a job whose progress changed, if it is still outstanding. */
  private void refile(JobView job) {
    int k = Arrays.binarySearch(columns.ids, 0, size, job.id());
    if (k < 0 || columns.jobs[k] != job) {
      return;
    }
    leave(k);
    TetrisDemandGroup demand = groups.get(columns.group[k]);
    columns.work[k] = demand.work(job);
    demand.byWork.add(new TetrisEntry(columns.work[k], job.id(), job));
  }

  private int groupOf(JobView job) {
    Resources bundle = job.type().demand(Task.BUNDLE);
    double cores = (double) bundle.cores() / capacity.cores();
    double gpus = (double) bundle.gpus() / capacity.gpus();
    for (int g = 0; g < groups.size(); g++) {
      if (groups.get(g).coreDemand == cores && groups.get(g).gpuDemand == gpus) {
        return g;
      }
    }
    groups.add(new TetrisDemandGroup(cores, gpus));
    return groups.size() - 1;
  }
}
