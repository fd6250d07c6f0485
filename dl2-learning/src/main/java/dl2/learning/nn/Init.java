package dl2.learning.nn;

import dl2.model.Rng;

/** Random initialisers on {@link Rng}; StrictMath keeps the draws bit-identical on any JVM. */
public final class Init {
  private Init() {}

  /** A standard normal draw (Box–Muller, one value per pair of uniforms). */
  public static double standardNormal(Rng rng) {
    double u1 = 1.0 - rng.nextDouble(); // (0, 1], so the log is finite
    double u2 = rng.nextDouble();
    return StrictMath.sqrt(-2.0 * StrictMath.log(u1)) * StrictMath.cos(2.0 * StrictMath.PI * u2);
  }

  /** N(0, σ²) redrawn until within ±2σ, like TensorFlow's truncated_normal (dl2-spec §7.6). */
  public static double truncatedNormal(Rng rng, double sigma) {
    while (true) {
      double z = standardNormal(rng);
      if (z >= -2.0 && z <= 2.0) {
        return sigma * z;
      }
    }
  }
}
