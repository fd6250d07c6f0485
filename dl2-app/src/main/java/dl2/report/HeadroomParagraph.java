package dl2.report;

import java.util.Locale;

/**
 * The report's words under the JCT table: what the two lower bounds are, the headroom, and DL2's
 * share of it.
 */
final class HeadroomParagraph {
  private HeadroomParagraph() {}

  /** What the two bounds are, and the headroom above the capacity bound. */
  static String html(Comparison comparison, LowerBounds bounds) {
    if (bounds.isEmpty()) {
      return "";
    }
    StringBuilder html =
        new StringBuilder(
            "<p>No-contention lower bound: each job alone on an unlimited cluster at its best"
                + " configuration (in the realistic world a reference: placement and fluctuation can beat a job's isolated curve)."
                + " Capacity lower bound: the largest of that (at the fastest any placement allows), of shortest-remaining-time-first"
                + " with all the cluster's cores, or all its GPUs, as one preemptive machine, and of priced slots (a price on every"
                + " slot's cores and GPUs that each job pays for what it holds, less the prices: jobs that contend for a slot pay for"
                + " each other); no schedule beats it.");
    Headroom.of(comparison, bounds.meanCapacity())
        .ifPresent(
            h -> {
              html.append(
                  String.format(
                      Locale.ROOT,
                      " Headroom: the best heuristic, %s, is %.2f %% above the capacity bound",
                      Html.escape(h.bestHeuristic()),
                      100 * h.fraction()));
              if (h.learnedJct().isPresent()) {
                html.append(
                    h.learnedShare().isPresent()
                        ? String.format(
                            Locale.ROOT,
                            "; dl2 closes %.1f %% of that gap",
                            100 * h.learnedShare().getAsDouble())
                        : String.format(
                            Locale.ROOT,
                            " (within %.1f %%: no share is given for dl2)",
                            100 * Headroom.LEAST_HEADROOM));
              }
              html.append('.');
            });
    return html.append("</p>\n").toString();
  }
}
