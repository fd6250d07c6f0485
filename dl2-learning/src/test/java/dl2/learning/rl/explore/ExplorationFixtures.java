package dl2.learning.rl.explore;

import dl2.learning.state.Observation;
import dl2.model.Rng;
import dl2.slot.JobView;
import dl2.slot.TestJob;
import java.util.Arrays;
import java.util.function.Predicate;

/** Hand-built observations and seeds with known first draws for the exploration tests. */
public final class ExplorationFixtures {
  /** A seed not used by any scripted draw, for runs that only need some randomness. */
  public static final long ANY_SEED = 99;

  private ExplorationFixtures() {}

  /** A job with these task counts (null in a columns list leaves the column empty). */
  public static JobView job(int workers, int parameterServers) {
    // only the task counts matter to exploration
    return TestJob.of(workers * 100 + parameterServers).withTasks(workers, parameterServers);
  }

  /**
   * An observation in which every action of a non-empty column is allowed (cap 16 is never reached
   * here) with q uniform over the allowed actions; tests then mask or zero entries.
   */
  public static Scenario scenario(JobView... columns) {
    boolean[] mask = new boolean[3 * columns.length + 1];
    for (int col = 0; col < columns.length; col++) {
      if (columns[col] != null) {
        Arrays.fill(mask, 3 * col, 3 * col + 3, true);
      }
    }
    mask[mask.length - 1] = true;
    return new Scenario(new Observation(new double[0], mask, columns), new double[mask.length])
        .renormalised();
  }

  /** An observation and its behaviour distribution q. */
  public record Scenario(Observation observation, double[] q) {
    public int stop() {
      return q.length - 1;
    }

    /** Masks the action (q becomes 0 there too, as in π⊙m). */
    Scenario masking(int action) {
      observation.mask()[action] = false;
      return renormalised();
    }

    /** Sets q of an allowed action directly (e.g. 0 or 1e-21) without renormalising. */
    public Scenario withQ(int action, double probability) {
      q[action] = probability;
      return this;
    }

    Scenario renormalised() {
      long allowed = 0;
      for (boolean m : observation.mask()) {
        allowed += m ? 1 : 0;
      }
      for (int a = 0; a < q.length; a++) {
        q[a] = observation.mask()[a] ? 1.0 / allowed : 0;
      }
      return this;
    }
  }

  /** A started exploration for the given mode and a slot started from {@code slotRng}. */
  public static Exploration started(ExplorationMode mode, Rng slotRng) {
    Exploration exploration = mode.create();
    exploration.startEpisode();
    exploration.startSlot(slotRng);
    return exploration;
  }

  /** An original exploration in a slot whose ρ is the given value. */
  public static OriginalExploration originalWithRho(int rho) {
    return originalWithRho(rho, ExplorationSettings.DEFAULT);
  }

  /** An exploration with these settings in a slot whose ρ is the given value. */
  public static OriginalExploration originalWithRho(int rho, ExplorationSettings settings) {
    long seed = seedWhere(r -> r.nextIntInclusive(3, 7) == rho);
    OriginalExploration exploration = new OriginalExploration(settings);
    exploration.startEpisode();
    exploration.startSlot(new Rng(seed));
    return exploration;
  }

  /** The first seed whose stream satisfies the script (which consumes draws in order). */
  public static long seedWhere(Predicate<Rng> script) {
    for (long seed = 0; seed < 100_000; seed++) {
      if (script.test(new Rng(seed))) {
        return seed;
      }
    }
    throw new AssertionError("no seed satisfies the script");
  }

  /** How many 64-bit draws {@code used}, started from {@code seed}, has consumed (up to 50). */
  public static int drawsUsed(long seed, Rng used) {
    long next = used.nextLong();
    Rng fresh = new Rng(seed);
    for (int n = 0; n <= 50; n++) {
      if (fresh.nextLong() == next) {
        return n;
      }
    }
    throw new AssertionError("more than 50 draws");
  }

  /** Predicate steps for {@link #seedWhere}: the next uniform is below / not below p. */
  public static boolean below(Rng rng, double p) {
    return rng.nextDouble() < p;
  }

  public static boolean notBelow(Rng rng, double p) {
    return rng.nextDouble() >= p;
  }

  /** The next R of rule (A) is this value. */
  public static boolean ratioIs(Rng rng, int r) {
    return rng.nextIntInclusive(3, 5) == r;
  }

  /** Feeds actions through override with a neutral scenario (no rule can fire) to build up c. */
  public static void execute(Exploration exploration, int task, int times) {
    Scenario neutral = scenario(job(1, 3));
    Rng rng = new Rng(ANY_SEED);
    for (int i = 0; i < times; i++) {
      exploration.override(neutral.observation(), neutral.q(), task, rng);
    }
  }
}
