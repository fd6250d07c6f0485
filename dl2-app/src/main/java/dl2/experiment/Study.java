package dl2.experiment;

import dl2.report.StudyReport;
import dl2.slot.SchedulerName;

/** One of the paper's studies, e.g. a sweep of the speed noise or an ablation. */
public interface Study {
  /** The name on the command line, e.g. {@code speed-variation}. */
  String name();

  /** Runs the study (training what it needs) and returns its table, plots and notes. */
  StudyReport run(StudyContext context);

  /**
   * Whether its work units may run in shards on other machines. A study that reads local input
   * files (the public traces) is not: it runs whole where the shards are merged.
   */
  default boolean shardable() {
    return true;
  }

  /**
   * Where every scheduler's tasks go in it ({@link PlacedStudy}); the slot's own least-loaded rule
   * by default.
   */
  default String placement() {
    return SchedulerName.DEFAULT_PLACEMENT;
  }
}
