package dl2.training;

import dl2.learning.run.RunBudget;
import dl2.learning.sl.Labels;
import dl2.learning.sl.SupervisedConfig;
import dl2.schedulers.registry.Schedulers;

/**
 * The supervised warm-up before reinforcement learning (dl2-spec §8): how long, how it validates,
 * whom it imitates and how the teacher's decisions become samples.
 *
 * @param steps warm-up steps; 0 for none
 * @param validateEvery steps between the warm-up's validations
 * @param validationTraces the warm-up's validation traces
 * @param teacher a baseline, alone or {@code SCHEDULER@PLACEMENT}
 * @param labels how the teacher's decisions become samples
 */
public record WarmUp(
    int steps, int validateEvery, int validationTraces, String teacher, Labels labels) {
  /** The teacher unless the command line names one. */
  public static final String TEACHER = Schedulers.DRF;

  public WarmUp {
    if (steps < 0) {
      throw new IllegalArgumentException("warm-up steps must be at least 0: " + steps);
    }
    if (validateEvery < 1) {
      throw new IllegalArgumentException(
          "the warm-up's validateEvery must be at least 1: " + validateEvery);
    }
    if (validationTraces < 1) {
      throw new IllegalArgumentException(
          "the warm-up's validationTraces must be at least 1: " + validationTraces);
    }
  }

  /**
   * {@code dl2 train}'s warm-up: validated every tenth of its steps (at most {@value
   * SupervisedConfig#VALIDATE_EVERY_AT_MOST} apart), on the default {@value
   * RunBudget#VALIDATION_TRACES} validation traces whatever the run's.
   */
  public static WarmUp of(int steps, String teacher, Labels labels) {
    return new WarmUp(
        steps,
        RunBudget.tenthOf(steps, SupervisedConfig.VALIDATE_EVERY_AT_MOST),
        RunBudget.VALIDATION_TRACES,
        teacher,
        labels);
  }

  /** None: reinforcement learning starts from a fresh network (or a given policy). */
  public static WarmUp none() {
    return of(0, TEACHER, Labels.DEFAULTS);
  }

  /** This warm-up imitating {@code name}. */
  WarmUp withTeacher(String name) {
    return new WarmUp(steps, validateEvery, validationTraces, name, labels);
  }
}
