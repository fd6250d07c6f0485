package dl2.simulation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * The outstanding jobs of one simulation in every order a scheduler may walk them (id, arrival,
 * remaining fraction), and which of them hold tasks. The slot loop tells it what changed
 * (admitted, first task of a slot, progressed, completed) and each update costs what concerns
 * those jobs, so a slot with many waiting jobs costs what changed in it, not what is waiting.
 */
final class OutstandingJobs {
  private static final Comparator<JobState> BY_ID = Comparator.comparingInt(JobState::id);
  /** SRTF's order on the ρ the job was filed under (its ρ for the whole slot). */
  private static final Comparator<JobState> BY_FILED_REMAINING = Comparator
      .comparingDouble(JobState::filedRemainingFraction).thenComparing(JobOrder.BY_ARRIVAL);

  private final SortedJobs byId = new SortedJobs(BY_ID);
  private final List<JobView> byIdView = Collections.unmodifiableList(byId);
  private final SortedJobs byArrival = new SortedJobs(JobOrder.BY_ARRIVAL);
  /** Built on first request (SRTF), then kept up to date; null while nobody asked. */
  private TreeSet<JobState> byRemaining;
  /** Jobs given a task in the current slot, in the order of their first task. */
  private List<JobState> withTasks = new ArrayList<>();
  /** Jobs that held tasks in the previous slot: their allocation becomes the "previous" one. */
  private List<JobState> heldLastSlot = new ArrayList<>();

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
  List<JobState> withTasks() {
    List<JobState> sorted = new ArrayList<>(withTasks);
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
  JobState get(int index) {
    return byId.get(index);
  }

  void admit(JobState job) {
    job.setOutstanding(true);
    byId.insert(job);
    byArrival.insert(job);
    if (byRemaining != null) {
      fileByRemaining(job);
    }
  }

  /**
   * Starts a slot: every job that held tasks is cleared (its allocation becomes the previous one);
   * jobs that held none two slots ago have their previous allocation cleared too. Everyone else
   * is already clear.
   */
  void clearAllocations() {
    List<JobState> heldBefore = heldLastSlot;
    heldLastSlot = withTasks;
    withTasks = new ArrayList<>();
    for (JobState job : heldBefore) {
      if (!job.running()) { // One that ran last slot too is cleared below: clearing twice would lose its previous allocation.
        job.clearAllocation();
      }
    }
    for (JobState job : heldLastSlot) {
      job.clearAllocation();
    }
  }

  /** Called when {@code job} receives its first task of the slot. */
  void tookFirstTask(JobState job) {
    withTasks.add(job);
  }

  /** Re-files jobs whose progress changed at the end of the slot and drops the completed ones (ascending id). */
  void endSlot(List<JobState> progressed, List<JobState> completed) {
    byId.removeAll(completed);
    byArrival.removeAll(completed);
    for (JobState job : completed) {
      job.setOutstanding(false);
    }
    if (byRemaining != null) {
      for (JobState job : progressed) {
        byRemaining.remove(job);
        if (job.outstanding()) {
          fileByRemaining(job);
        }
      }
    }
  }

  private void fileByRemaining(JobState job) {
    job.fileRemainingFraction();
    byRemaining.add(job);
  }
}
