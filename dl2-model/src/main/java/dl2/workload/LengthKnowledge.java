package dl2.workload;

import dl2.io.InputException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What schedulers know of a job's length ({@code --lengths}): the truth ({@code exact}, the paper's
 * setting and the default), an estimate fixed at submission ({@code estimated}), or nothing but the
 * service attained and the progress observed ({@code unknown}). The simulator always completes a
 * job on its true length (docs/job-lengths.md).
 */
public enum LengthKnowledge {
  /** Every scheduler reads the job's estimate E, which equals its true length E* unless given. */
  EXACT("exact"),
  /** Every scheduler reads an estimate drawn once per job from a {@link LengthError}. */
  ESTIMATED("estimated"),
  /** No scheduler reads a length; those that need one are refused. */
  UNKNOWN("unknown");

  private final String label;

  LengthKnowledge(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /**
   * The name of the policy trained for {@code preset} under this setting, {@code PRESET-LENGTHS}
   * (its file is {@code policies/NAME.policy}); exact lengths use the preset's own, {@code PRESET}.
   */
  public String policyName(String preset) {
    return this == EXACT ? preset : preset + "-" + label;
  }

  /** The setting called {@code name}, else a one-line InputException naming the valid ones. */
  public static LengthKnowledge byLabel(String name) {
    return Arrays.stream(values())
        .filter(k -> k.label.equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new InputException(
                    "--lengths must be one of "
                        + Arrays.stream(values())
                            .map(LengthKnowledge::label)
                            .collect(Collectors.joining(", "))
                        + ": "
                        + name));
  }
}
