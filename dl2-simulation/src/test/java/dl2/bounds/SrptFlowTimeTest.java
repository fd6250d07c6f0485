package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SRPT's total flow time on one preemptive machine, by hand and against every fixed priority order.
 */
class SrptFlowTimeTest {
  @Test
  void twoEqualJobsRunOneAfterTheOther() {
    assertThat(SrptFlowTime.total(new double[] {0, 0}, new double[] {2, 2})).isEqualTo(2 + 4);
  }

  @Test
  void aShortArrivalPreemptsALongJob() {
    // Job 0 runs [0, 1), job 1 (size 1 < 3 left) runs [1, 2), job 0 finishes at 5: flows 5 + 1.
    assertThat(SrptFlowTime.total(new double[] {0, 1}, new double[] {4, 1})).isEqualTo(6);
  }

  @Test
  void theMachineIdlesUntilTheNextReleaseAndEmptyJobsCostNothing() {
    assertThat(SrptFlowTime.total(new double[] {0, 5, 5}, new double[] {1, 0, 2}))
        .isEqualTo(1 + 0 + 2);
    assertThat(SrptFlowTime.total(new double[0], new double[0])).isZero();
  }

  /**
   * On one preemptive machine SRPT's schedule is the fixed-priority schedule in its own order of
   * completion, and it is optimal, so its total is the least over every priority order: checked on
   * 300 random instances of up to 6 jobs against a plain event-by-event priority simulation.
   */
  @Test
  void equalsTheBestFixedPriorityScheduleOnTinyInstances() {
    Rng rng = new Rng(2024);
    for (int instance = 0; instance < 300; instance++) {
      int n = 1 + rng.nextInt(6);
      double[] releases = new double[n];
      double[] sizes = new double[n];
      for (int j = 0; j < n; j++) {
        releases[j] = instance % 2 == 0 ? rng.nextInt(6) : 5 * rng.nextDouble();
        sizes[j] = rng.nextInt(10) == 0 ? 0 : 4 * rng.nextDouble();
      }
      double best = Double.POSITIVE_INFINITY;
      for (int[] order : permutations(n)) {
        best = Math.min(best, byPriority(releases, sizes, order));
      }
      assertThat(SrptFlowTime.total(releases, sizes))
          .as("instance %d", instance)
          .isCloseTo(best, within(1e-9));
    }
  }

  /**
   * Total flow time when, at every moment, the released unfinished job earliest in {@code order}
   * runs.
   */
  private static double byPriority(double[] releases, double[] sizes, int[] order) {
    int n = releases.length;
    double[] left = sizes.clone();
    boolean[] done = new boolean[n];
    double now = 0;
    double total = 0;
    for (int finished = 0; finished < n; ) {
      int running = -1;
      for (int j : order) {
        if (!done[j] && releases[j] <= now) {
          running = j;
          break;
        }
      }
      double nextRelease = Double.POSITIVE_INFINITY;
      for (int j = 0; j < n; j++) {
        if (!done[j] && releases[j] > now) {
          nextRelease = Math.min(nextRelease, releases[j]);
        }
      }
      if (running < 0) {
        now = nextRelease;
      } else if (now + left[running] <= nextRelease) {
        now += left[running];
        total += now - releases[running];
        done[running] = true;
        finished++;
      } else {
        left[running] -= nextRelease - now;
        now = nextRelease;
      }
    }
    return total;
  }

  private static List<int[]> permutations(int n) {
    List<int[]> all = new ArrayList<>();
    permute(new int[n], new boolean[n], 0, all);
    return all;
  }

  private static void permute(int[] prefix, boolean[] used, int depth, List<int[]> all) {
    if (depth == prefix.length) {
      all.add(prefix.clone());
      return;
    }
    for (int j = 0; j < prefix.length; j++) {
      if (!used[j]) {
        used[j] = true;
        prefix[depth] = j;
        permute(prefix, used, depth + 1, all);
        used[j] = false;
      }
    }
  }
}
