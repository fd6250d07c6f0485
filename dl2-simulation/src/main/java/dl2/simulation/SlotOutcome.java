package dl2.simulation;

import dl2.slot.JobProgress;
import java.util.List;

/**
 * What a cluster observed of one slot: its stats, each running job's measured progress, how many
 * jobs were outstanding during it (waiting or running), and whether the trace is done.
 */
public record SlotOutcome(
    SlotStats stats, List<JobProgress> progress, int outstanding, boolean finished) {
  /** Jobs still outstanding once the slot is over: those that did not complete in it. */
  public int remaining() {
    return outstanding - (int) progress.stream().filter(JobProgress::completed).count();
  }
}
