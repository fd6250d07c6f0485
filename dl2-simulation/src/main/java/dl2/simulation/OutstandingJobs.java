package dl2.simulation;

import dl2.slot.JobOrder;
import dl2.slot.JobView;
import dl2.slot.SlotJob;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * The outstanding jobs of one simulation in every order a scheduler may walk them (id, arrival,
 * remaining fraction), and which of them hold tasks. The slot loop tells it what changed (admitted,
 * first task of a slot, progressed, completed) and each update costs what concerns those jobs, so a
 * slot with many waiting jobs costs what changed in it, not what is waiting.
 */
final class OutstandingJobs {
  private static final Comparator<SlotJob> BY_ID = Comparator.comparingInt(SlotJob::id);

  /** SRTF's order on the ρ the job was filed under (its ρ for the whole slot). */
  private static final Comparator<SlotJob> BY_FILED_REMAINING =
      Comparator.comparingDouble(SlotJob::filedRemainingFraction)
          .thenComparing(JobOrder.BY_ARRIVAL);

  private final SortedJobs byId = new SortedJobs(BY_ID);
  private final List<JobView> byIdView = Collections.unmodifiableList(byId);
  private final SortedJobs byArrival = new SortedJobs(JobOrder.BY_ARRIVAL);

  /** Built on first request (SRTF), then kept up to date; null while nobody asked. */
  private TreeSet<SlotJob> byRemaining;

  /** Jobs given a task in the current slot, in the order of their first task. */
  private List<SlotJob> withTasks = new ArrayList<>();

  /** The jobs that held tasks in the last slot: their {@link SlotJob#held()} tasks. */
  private List<SlotJob> holding = new ArrayList<>();

  /** Ascending id. */
  List<JobView> byId() {
    return byIdView;
  }

  /** {@link JobOrder#BY_ARRIVAL}. */
  List<JobView> byArrival() {
    return Collections.unmodifiableList(byArrival);
  }

  /** {@link JobOrder#BY_REMAINING_FRACTION}, valid while no progress is made (within a slot). */
  Iterable<JobView> byRemainingFraction() {
    if (byRemaining == null) {
      byRemaining = new TreeSet<>(BY_FILED_REMAINING);
      for (int i = 0; i < byId.size(); i++) {
        fileByRemaining(byId.get(i));
      }
    }
    return Collections.unmodifiableCollection(byRemaining);
  }

  /** Jobs holding a task in this slot, ascending id. */
  List<SlotJob> withTasks() {
    List<SlotJob> sorted = new ArrayList<>(withTasks);
    sorted.sort(BY_ID);
    return sorted;
  }

  boolean isEmpty() {
    return byId.isEmpty();
  }

  int size() {
    return byId.size();
  }

  /** The job at {@code index} in id order. */
  SlotJob get(int index) {
    return byId.get(index);
  }

  void admit(SlotJob job) {

    byId.insert(job);
    byArrival.insert(job);
    if (byRemaining != null) {
      fileByRemaining(job);
    }
  }

  /**
   * Starts a slot: the jobs that held tasks in the last one release them, which become what they
   * hold as this one starts; the jobs that held tasks the slot before, but none in the last, hold
   * nothing.
   */
  void clearAllocations() {
    for (SlotJob job : holding) {
      job.forgetHeld();
    }
    for (SlotJob job : withTasks) {
      job.clearAllocation();
    }
    holding = withTasks;
    withTasks = new ArrayList<>();
  }

  /** Called when {@code job} receives its first task of the slot. */
  void tookFirstTask(SlotJob job) {
    withTasks.add(job);
  }

  /**
   * Re-files jobs whose progress changed at the end of the slot and drops the completed ones
   * (ascending id).
   */
  void endSlot(List<SlotJob> progressed, List<SlotJob> completed) {
    byId.removeAll(completed);
    byArrival.removeAll(completed);
    for (SlotJob job : completed) {
      job.close();
    }
    if (byRemaining != null) {
      for (SlotJob job : progressed) {
        byRemaining.remove(job);
        if (job.isOpen()) {
          fileByRemaining(job);
        }
      }
    }
  }

  private void fileByRemaining(SlotJob job) {
    job.fileRemainingFraction();
    byRemaining.add(job);
  }
}
