package dl2.slot;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Progress measured between slots, as a scheduler that sees only the cluster measures it: after a
 * slot's decisions it remembers the allocation and progress of the jobs it is told of; at the next
 * slot's start each of them that held a task and is still outstanding yields a {@link JobProgress}
 * under the allocation it held. A job that completed meanwhile is gone, so its truncated last slot
 * is never measured. A slot that does not follow the remembered one forgets everything: slots were
 * skipped, or a new run began.
 */
public final class ProgressMeter {
  private int[] ids = new int[0];
  private int[] parameterServers = new int[0];
  private int[] workers = new int[0];
  private double[] progress = new double[0];
  private int lastSlot = -1;

  /** Whether {@code slot} starts a new run: its number does not move forward. */
  public boolean startsNewRun(ObservedSlot slot) {
    return slot.slot() <= lastSlot;
  }

  /**
   * Last slot's measurements of the remembered jobs that held a worker or a PS and are still
   * outstanding, ascending id; call at the slot's start, before any task is added.
   */
  public List<JobProgress> measurements(ObservedSlot slot) {
    List<JobProgress> measured = new ArrayList<>();
    if (slot.slot() != lastSlot + 1) {
      ids = new int[0]; // the allocations remembered say nothing of this slot
      return measured;
    }
    List<JobView> jobs = slot.jobs();
    for (int i = 0; i < ids.length; i++) {
      int index = workers[i] + parameterServers[i] > 0 ? JobOrder.indexOfId(jobs, ids[i]) : -1;
      if (index >= 0) {
        JobView job = jobs.get(index);
        double epochs = job.progress() - progress[i];
        measured.add(
            new JobProgress(
                job.id(),
                parameterServers[i],
                workers[i],
                epochs,
                1,
                job.lengthKnown() ? epochs / job.epochs() : 0,
                false));
      }
    }
    return measured;
  }

  /**
   * Remembers the allocation and progress of {@code jobs} (ascending id) in slot {@code slot}, once
   * its decisions are made.
   */
  public void remember(List<JobView> jobs, int slot) {
    int n = jobs.size();
    ids = new int[n];
    parameterServers = new int[n];
    workers = new int[n];
    progress = new double[n];
    for (int i = 0; i < n; i++) {
      JobView job = jobs.get(i);
      ids[i] = job.id();
      parameterServers[i] = job.parameterServers();
      workers[i] = job.workers();
      progress[i] = job.progress();
    }
    lastSlot = slot;
  }

  public void writeState(StateWriter out) {
    out.tag("progress-tracker");
    out.writeInt(lastSlot);
    out.writeInt(ids.length);
    for (int i = 0; i < ids.length; i++) {
      out.writeInt(ids[i]);
      out.writeInt(parameterServers[i]);
      out.writeInt(workers[i]);
      out.writeDouble(progress[i]);
    }
  }

  public void readState(StateReader in) {
    in.expect("progress-tracker");
    lastSlot = in.readInt();
    int count = in.readCount(1 << 24);
    ids = new int[count];
    parameterServers = new int[count];
    workers = new int[count];
    progress = new double[count];
    for (int i = 0; i < count; i++) {
      ids[i] = in.readInt();
      parameterServers[i] = in.readInt();
      workers[i] = in.readInt();
      progress[i] = in.readDouble();
    }
    if (!isAscending(ids)) {
      throw in.corrupt("the progress meter's jobs are not in ascending id order");
    }
  }

  private static boolean isAscending(int[] values) {
    return Arrays.equals(values, Arrays.stream(values).sorted().distinct().toArray());
  }
}
