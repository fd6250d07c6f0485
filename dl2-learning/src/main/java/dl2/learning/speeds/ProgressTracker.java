package dl2.learning.speeds;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.simulation.JobProgress;
import dl2.simulation.JobView;
import dl2.simulation.ObservedSlot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Measurements from what a scheduler sees at each slot's start: the progress each job reported
 * since the previous slot, under the allocation the scheduler gave it then. A scheduler that is
 * handed no separate progress report (the {@code dl2} scheduler in the simulator, the emulator or
 * a live cluster) learns speeds from these. Jobs that completed meanwhile are gone, so their last
 * slot is not measured. A slot number that does not move forward means a new run: everything is
 * forgotten.
 */
public final class ProgressTracker {
  private record Held(int parameterServers, int workers, double progress) {}

  private Map<Integer, Held> held = new TreeMap<>();
  private int lastSlot = -1;

  /** Whether the slot just seen started a new run (the caller forgets what it fitted too). */
  public boolean startsNewRun(ObservedSlot slot) {
    return slot.slot() <= lastSlot;
  }

  /** Last slot's measurements of the jobs still outstanding that held a worker or a PS; call at the slot's start. */
  public List<JobProgress> measurements(ObservedSlot slot) {
    List<JobProgress> measured = new ArrayList<>();
    if (slot.slot() != lastSlot + 1) {
      held = new TreeMap<>(); // a new run, or slots were skipped: the last allocations say nothing of this slot
    }
    for (JobView job : slot.jobs()) {
      Held before = held.get(job.id());
      if (before != null && before.workers() + before.parameterServers() > 0) {
        double epochs = job.progress() - before.progress();
        measured.add(new JobProgress(job.id(), before.parameterServers(), before.workers(), epochs, 1, epochs / job.epochs(),
            false));
      }
    }
    return measured;
  }

  /** Remembers each job's allocation and progress; call once the slot's decisions are made. */
  public void decided(ObservedSlot slot) {
    held = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      held.put(job.id(), new Held(job.parameterServers(), job.workers(), job.progress()));
    }
    lastSlot = slot.slot();
  }

  public void writeState(StateWriter out) {
    out.tag("progress-tracker");
    out.writeInt(lastSlot);
    out.writeInt(held.size());
    held.forEach((id, h) -> {
      out.writeInt(id);
      out.writeInt(h.parameterServers());
      out.writeInt(h.workers());
      out.writeDouble(h.progress());
    });
  }

  public void readState(StateReader in) {
    in.expect("progress-tracker");
    lastSlot = in.readInt();
    int count = in.readCount(1 << 24);
    held = new TreeMap<>();
    for (int i = 0; i < count; i++) {
      held.put(in.readInt(), new Held(in.readInt(), in.readInt(), in.readDouble()));
    }
  }
}
