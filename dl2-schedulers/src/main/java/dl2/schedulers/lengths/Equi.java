package dl2.schedulers.lengths;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;

/**
 * EQUI (Edmonds; Berg et al.), adapted to PS/worker jobs: every outstanding job gets an equal share
 * of the cluster, dealt one bundle (a worker and its matching PS) per job per round, in arrival
 * order, until no job can take another; a job whose bundle does not fit or that reached its caps
 * leaves the rounds. Needs no job length.
 */
public final class Equi implements Scheduler {
  @Override
  public String name() {
    return LengthSchedulers.EQUI;
  }

  @Override
  public void schedule(SlotContext slot) {
    List<JobView> active = new ArrayList<>();
    slot.jobsByArrival().forEach(active::add);
    while (!active.isEmpty()) {
      List<JobView> next = new ArrayList<>();
      for (JobView job : active) {
        if (job.canTake(Task.BUNDLE) && slot.tryAdd(job, Task.BUNDLE)) {
          next.add(job);
        }
      }
      active = next;
    }
  }
}
