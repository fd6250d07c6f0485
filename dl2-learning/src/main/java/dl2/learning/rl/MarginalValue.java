package dl2.learning.rl;

import java.util.Arrays;
import java.util.Optional;

/**
 * In what unit a marginal reward values what a task adds to its job's speed, from s (without the
 * task) to s' (with it).
 */
public enum MarginalValue {
  /** (s' − s)/E: the share of the job's work the task adds per slot, the unit of the paper's slot reward. */
  WORK("work"),
  /**
   * (s' − s)/s': the fraction of the job's remaining time the task saves (1 for the task that lets
   * the job run at all), whatever the job's length; the value {@code optimus-remaining} ranks by.
   */
  TIME("time");

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

  /** The value of going from {@code without} to {@code with} epochs per slot, for a job of {@code epochs} epochs. */
  double of(double without, double with, double epochs) {
    return switch (this) {
      case WORK -> (with - without) / epochs;
      case TIME -> with > 0 ? (with - without) / with : 0;
    };
  }
}
