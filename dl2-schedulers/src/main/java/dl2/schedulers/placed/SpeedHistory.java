package dl2.schedulers.placed;

import dl2.model.JobType;
import java.util.ArrayList;
import java.util.List;

/**
 * What a cluster measured of each job type in earlier runs: the isolated curves θ (Optimus' form,
 * placement divided out) its observation-only scheduler fitted from the observed progress of the
 * jobs it profiled, in the order they were recorded. A {@link TypePrior} counts them as members of
 * its pools from the first slot (docs/heuristics/observed-greedy.md), so a type seen before needs
 * no profiled jobs of its own.
 */
public final class SpeedHistory {
  private final List<List<double[]>> byType = new ArrayList<>();

  /** An empty history: every type's pool starts in the run, as without one. */
  public SpeedHistory() {
    for (int k = 0; k < JobType.MAX_TYPES; k++) {
      byType.add(new ArrayList<>());
    }
  }

  /** Records one measured curve θ (five non-negative terms) of a job of {@code type}. */
  public void add(JobType type, double[] theta) {
    if (theta.length != 5) {
      throw new IllegalArgumentException("a curve has 5 terms, not " + theta.length);
    }
    for (double t : theta) {
      if (!(t >= 0) || Double.isInfinite(t)) {
        throw new IllegalArgumentException("a curve's terms are finite and non-negative");
      }
    }
    byType.get(type.ordinal()).add(theta.clone());
  }

  /** Every curve of {@code other} added to this one, in its order. */
  public void addAll(SpeedHistory other) {
    for (int k = 0; k < JobType.MAX_TYPES; k++) {
      for (double[] theta : other.byType.get(k)) {
        byType.get(k).add(theta.clone());
      }
    }
  }

  /** Curves recorded for {@code type}. */
  public int members(JobType type) {
    return byType.get(type.ordinal()).size();
  }

  /** The curves recorded for the type of ordinal {@code typeOrdinal}, read-only. */
  List<double[]> curves(int typeOrdinal) {
    return java.util.Collections.unmodifiableList(byType.get(typeOrdinal));
  }
}
