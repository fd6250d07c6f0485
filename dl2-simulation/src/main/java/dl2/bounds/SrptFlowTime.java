package dl2.bounds;

import java.util.Arrays;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The least total flow time of jobs on one preemptive machine with release dates (1 | r_j, pmtn | Σ
 * F_j), reached by shortest remaining processing time first: at every moment the released
 * unfinished job with the least work left runs, ties to the lower index (Schrage 1968; Baker 1974).
 * Times in any unit; the answer is Σ (completion − release).
 */
public final class SrptFlowTime {
  private SrptFlowTime() {}

  /**
   * @param releases when each job can start
   * @param sizes the machine time each job needs, ≥ 0 (a job of size 0 completes at its release)
   */
  public static double total(double[] releases, double[] sizes) {
    int n = releases.length;
    if (sizes.length != n) {
      throw new IllegalArgumentException(n + " release dates for " + sizes.length + " sizes");
    }
    Integer[] order = new Integer[n];
    for (int j = 0; j < n; j++) {
      if (!(sizes[j] >= 0) || !Double.isFinite(sizes[j]) || !Double.isFinite(releases[j])) {
        throw new IllegalArgumentException(
            "job "
                + j
                + " needs a finite release date and size ≥ 0: "
                + releases[j]
                + ", "
                + sizes[j]);
      }
      order[j] = j;
    }
    Arrays.sort(
        order, Comparator.comparingDouble((Integer j) -> releases[j]).thenComparingInt(j -> j));
    double[] left = sizes.clone();
    PriorityQueue<Integer> ready =
        new PriorityQueue<>(
            Comparator.comparingDouble((Integer j) -> left[j]).thenComparingInt(j -> j));
    double total = 0;
    double now = n == 0 ? 0 : releases[order[0]];
    int next = 0;
    while (next < n || !ready.isEmpty()) {
      if (ready.isEmpty()) {
        now = Math.max(now, releases[order[next]]);
      }
      while (next < n && releases[order[next]] <= now) {
        ready.add(order[next++]);
      }
      int job = ready.poll();
      double until = next < n ? releases[order[next]] : Double.POSITIVE_INFINITY;
      if (now + left[job] <= until) {
        now += left[job];
        total += now - releases[job];
      } else {
        // Runs until the next release, which may preempt it; re-queued with what is left.
        left[job] -= until - now;
        now = until;
        ready.add(job);
      }
    }
    return total;
  }
}
