package dl2.workload;

import dl2.model.Rng;

/** Per-slot arrival counts before the MAX clip (dl2-spec §4.2). */
public enum ArrivalPattern {
  /** 72 hourly submission counts of the paper's production trace, rescaled to MAX. */
  PAPER,
  /** 100 draws of Poisson(MAX). */
  POISSON,
  /** 100 entries equal to MAX. */
  UNIFORM;

  private static final int[] PAPER_HOURLY_COUNTS = {
    23, 8, 10, 13, 24, 21, 17, 29, 11, 16, 39, 61, 25, 28, 59, 50, 82, 59, 35, 46, 46, 32, 28, 16,
    19, 8, 22, 10, 19, 17, 24, 16, 29, 30, 47, 63, 39, 48, 42, 42, 57, 64, 22, 46, 42, 23, 17, 68,
    24, 3, 8, 10, 13, 18, 16, 28, 17, 47, 54, 54, 42, 36, 72, 46, 53, 77, 27, 44, 68, 25, 10, 43,
  };
  private static final int PAPER_MAX_COUNT = 82;
  private static final int SYNTHETIC_LENGTH = 100;

  /**
   * Builds the pattern A for at most {@code maxArrivals} jobs per slot, drawing from rng if random.
   */
  public int[] build(int maxArrivals, Rng rng) {
    return switch (this) {
      case PAPER -> rescaledPaperCounts(maxArrivals);
      case POISSON -> {
        int[] a = new int[SYNTHETIC_LENGTH];
        for (int i = 0; i < a.length; i++) {
          a[i] = rng.nextPoisson(maxArrivals);
        }
        yield a;
      }
      case UNIFORM -> {
        int[] a = new int[SYNTHETIC_LENGTH];
        java.util.Arrays.fill(a, maxArrivals);
        yield a;
      }
    };
  }

  /** A_i = ceil(a_i·MAX/82) in integer arithmetic. */
  static int[] rescaledPaperCounts(int maxArrivals) {
    int[] a = new int[PAPER_HOURLY_COUNTS.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = (PAPER_HOURLY_COUNTS[i] * maxArrivals + PAPER_MAX_COUNT - 1) / PAPER_MAX_COUNT;
    }
    return a;
  }
}
