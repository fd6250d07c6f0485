package dl2.learning.env;

import java.util.Arrays;
import java.util.Optional;

/**
 * In what unit a marginal reward values what a task adds to its job's speed, from s (without the
 * task) to s' (with it).
 */
public enum MarginalValue {
  /**
   * (s' − s)/E: the share of the job's work the task adds per slot, the unit of the paper's slot
   * reward.
   */
  WORK("work"),
  /**
   * (s' − s)/s': the fraction of the job's remaining time the task saves (1 for the task that lets
   * the job run at all), whatever the job's length; the value {@code optimus-remaining} ranks by.
   */
  TIME("time"),
  /**
   * As {@link #TIME}, per task the action adds: a bundle (a worker and a PS) earns half of what it
   * saves, so it competes with single tasks for the same resources on equal terms.
   */
  TIME_PER_TASK("time-per-task");

  private final String cliName;

  MarginalValue(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static Optional<MarginalValue> byName(String name) {
    return Arrays.stream(values()).filter(v -> v.cliName.equals(name)).findFirst();
  }

  /**
   * The value of going from {@code without} to {@code with} epochs per slot by adding {@code tasks}
   * tasks (1, or 2 for a bundle), for a job of {@code epochs} epochs.
   */
  double of(double without, double with, double epochs, int tasks) {
    return switch (this) {
      case WORK -> (with - without) / epochs;
      case TIME -> with > 0 ? (with - without) / with : 0;
      case TIME_PER_TASK -> with > 0 ? (with - without) / with / tasks : 0;
    };
  }
}
