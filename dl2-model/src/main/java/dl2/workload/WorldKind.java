package dl2.workload;

import dl2.io.InputException;
import java.util.Arrays;

/**
 * Which world a preset's simulations run in: the exact default, where every job of a type follows
 * its type's speed curve, or the realistic world calibrated from public measurements
 * (docs/realistic-world.md).
 */
public enum WorldKind {
  DEFAULT("default"),
  REALISTIC("realistic");

  private final String label;

  WorldKind(String label) {
    this.label = label;
  }

  /** The name used on the command line, e.g. {@code realistic}. */
  public String label() {
    return label;
  }

  /** The world called {@code name}, or an {@link InputException} naming the valid ones. */
  public static WorldKind byLabel(String name) {
    return Arrays.stream(values())
        .filter(w -> w.label.equals(name))
        .findFirst()
        .orElseThrow(() -> new InputException("--world must be default or realistic: " + name));
  }
}
