package dl2.learning.env;

import dl2.io.InputException;
import dl2.placement.Placements;
import dl2.slot.PlacedScheduler;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import java.util.function.UnaryOperator;

/**
 * Where a training run's tasks go ({@code train --placement}): as the slot places them
 * (least-loaded, the default), or by a built-in placement. Every scheduler the run plays on its
 * clusters, the policy's slot step as the teacher's, in training as in validation, runs under it
 * through a {@link PlacedScheduler}, a fresh placement for each run; the policy decides how many
 * tasks, the placement where.
 *
 * @param name a built-in placement's name
 */
public record RunPlacement(String name) implements UnaryOperator<Scheduler> {
  /** The slot's own rule: the scheduler alone, which least-loaded gives bit for bit. */
  public static final RunPlacement SLOT = new RunPlacement(SchedulerName.DEFAULT_PLACEMENT);

  /**
   * {@code scheduler}, its tasks placed by this placement; a scheduler already under a placement of
   * its own (a warm-up teacher named {@code SCHEDULER@PLACEMENT}) keeps it, as that one places
   * every task.
   */
  @Override
  public Scheduler apply(Scheduler scheduler) {
    if (SchedulerName.isDefault(name) || scheduler instanceof PlacedScheduler) {
      return scheduler;
    }
    return new PlacedScheduler(scheduler, Placements.byName(name));
  }

  /**
   * Fails, in {@code file}'s words, unless a run recorded as placed by {@code trained} (resumed
   * from it) is placed by this.
   */
  public void checkResumes(String trained, String file) {
    if (!trained.equals(name)) {
      throw InputException.inFile(
          file,
          "holds a run whose tasks were placed by "
              + trained
              + " but this command asks for "
              + name
              + " (--placement); resume with the options that started the run");
    }
  }

  /** The name a policy file records: none for the slot's own rule (see {@code TrainingInfo}). */
  public String recorded() {
    return SchedulerName.isDefault(name) ? null : name;
  }
}
