package dl2.model;

import dl2.io.StateReader;
import dl2.io.StateWriter;

/**
 * The project's only source of randomness: xoshiro256** seeded through SplitMix64. Unlike
 * java.util.Random its sequence is fixed by this file, so results are bit-identical on any JVM. Not
 * thread-safe; derive one per consumer with {@link #derive(long, SeedStream, long...)}.
 */
public final class Rng {
  private long s0;
  private long s1;
  private long s2;
  private long s3;

  public Rng(long seed) {
    long x = seed;
    s0 = splitMix(x += 0x9E3779B97F4A7C15L);
    s1 = splitMix(x += 0x9E3779B97F4A7C15L);
    s2 = splitMix(x += 0x9E3779B97F4A7C15L);
    s3 = splitMix(x + 0x9E3779B97F4A7C15L);
  }

  /**
   * A seed for the independent stream {@code stream} under a master seed, e.g. {@code derive(base,
   * SeedStream.TEST_TRACES, agent, i)}. Equal paths give equal seeds; nothing else is shared.
   */
  public static long derive(long master, SeedStream stream, long... indices) {
    long h = step(splitMix(master ^ 0x6A09E667F3BCC909L), stream.number());
    for (long index : indices) {
      h = step(h, index);
    }
    return h;
  }

  /**
   * A hash of {@code key} under {@code seed}: a fixed pseudo-random function of a value, not a
   * stream.
   */
  public static long hash(long seed, long key) {
    return step(splitMix(seed ^ 0x6A09E667F3BCC909L), key);
  }

  private static long step(long h, long part) {
    return splitMix(h ^ splitMix(part + 0x3C6EF372FE94F82BL));
  }

  private static long splitMix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  public long nextLong() {
    long result = Long.rotateLeft(s1 * 5, 7) * 9;
    long t = s1 << 17;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = Long.rotateLeft(s3, 45);
    return result;
  }

  /** Uniform in [0, 1) with 53 random bits. */
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** Uniform in [-1, 1). */
  public double nextSymmetric() {
    return 2.0 * nextDouble() - 1.0;
  }

  /** Uniform integer in [0, bound), unbiased (rejection of the incomplete last block). */
  public int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
    long u = nextLong() >>> 1;
    long r = u % bound;
    while (u - r + (bound - 1) < 0) {
      u = nextLong() >>> 1;
      r = u % bound;
    }
    return (int) r;
  }

  /** Uniform integer in [lo, hi] inclusive. */
  public int nextIntInclusive(int lo, int hi) {
    return lo + nextInt(hi - lo + 1);
  }

  /** A Poisson draw by Knuth's multiplication method (fine for means up to a few hundred). */
  public int nextPoisson(double mean) {
    if (!(mean >= 0) || mean > 500) {
      throw new IllegalArgumentException("Poisson mean must be in [0, 500]: " + mean);
    }
    double threshold = Math.exp(-mean);
    int k = 0;
    double product = nextDouble();
    while (product > threshold) {
      k++;
      product *= nextDouble();
    }
    return k;
  }

  /** Saves the generator's position. */
  public void writeState(StateWriter out) {
    out.writeLongs(new long[] {s0, s1, s2, s3});
  }

  /** Continues from a position saved by {@link #writeState}. */
  public void readState(StateReader in) {
    long[] state = in.readLongs();
    if (state.length != 4 || (state[0] | state[1] | state[2] | state[3]) == 0) {
      throw in.corrupt("bad random generator state");
    }
    s0 = state[0];
    s1 = state[1];
    s2 = state[2];
    s3 = state[3];
  }
}
