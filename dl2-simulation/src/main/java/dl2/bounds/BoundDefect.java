package dl2.bounds;

import java.util.List;
import java.util.Optional;

/**
 * A lower bound above a schedule the simulator ran: no lower bound can be, so it is a defect of the
 * bound, which {@code compare} reports on one line after writing its outputs, with its own exit
 * code, instead of crashing (docs/design.md, "Lower bounds on average JCT").
 *
 * @param workload the preset compared
 * @param trace the first trace where the bound is above
 * @param bound the capacity bound's total JCT there, in slots
 * @param reachable the best compared schedule's total JCT there
 * @param traces how many traces have a bound above their best schedule
 */
public record BoundDefect(
    String workload, String trace, double bound, double reachable, int traces) {
  /** Relative room for rounding: a schedule can meet the bound and fall below it by this much. */
  public static final double ROUNDING = 1e-9;

  /**
   * The defect among {@code bounds}, one per trace of {@code traceNames}, each against the total
   * JCT {@code reachable} that the best compared schedule reached on that trace; empty when every
   * bound is at most its schedule (up to {@link #ROUNDING}).
   */
  public static Optional<BoundDefect> find(
      String workload,
      List<String> traceNames,
      List<CapacityBound.Totals> bounds,
      List<Double> reachable) {
    if (bounds.size() != traceNames.size() || reachable.size() != traceNames.size()) {
      throw new IllegalArgumentException(
          bounds.size()
              + " bounds and "
              + reachable.size()
              + " reached totals for "
              + traceNames.size()
              + " traces");
    }
    BoundDefect first = null;
    int count = 0;
    for (int i = 0; i < bounds.size(); i++) {
      double bound = bounds.get(i).total();
      if (bound > reachable.get(i) * (1 + ROUNDING)) {
        count++;
        if (first == null) {
          first = new BoundDefect(workload, traceNames.get(i), bound, reachable.get(i), 0);
        }
      }
    }
    return first == null
        ? Optional.empty()
        : Optional.of(
            new BoundDefect(workload, first.trace(), first.bound(), first.reachable(), count));
  }

  /** One line: where, both numbers, and that it is the bound's fault. */
  public String message() {
    return String.format(
        java.util.Locale.ROOT,
        "defect in the capacity lower bound: on trace %s of %s it gives a total JCT of %.6f slots,"
            + " above the %.6f the best compared schedule reached%s; the outputs are written, the"
            + " bound is wrong (please report it)",
        trace,
        workload,
        bound,
        reachable,
        traces > 1 ? " (and on " + (traces - 1) + " more traces)" : "");
  }

  /** What {@code compare} throws, once its outputs are written, for a {@link BoundDefect}. */
  public static final class Found extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Found(BoundDefect defect) {
      super(defect.message());
    }
  }
}
