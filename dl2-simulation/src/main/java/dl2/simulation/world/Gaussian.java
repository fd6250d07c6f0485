package dl2.simulation.world;

import dl2.model.Rng;

/**
 * Standard normal draws by Box–Muller in StrictMath, so that they are bit-identical on every JVM.
 */
final class Gaussian {
  private Gaussian() {}

  /** Two independent standard normal draws from the next two uniforms of {@code rng}. */
  static double[] pair(Rng rng) {
    double u1 = 1 - rng.nextDouble(); // in (0, 1], so the log is finite
    double u2 = rng.nextDouble();
    double radius = StrictMath.sqrt(-2 * StrictMath.log(u1));
    double angle = 2 * StrictMath.PI * u2;
    return new double[] {radius * StrictMath.cos(angle), radius * StrictMath.sin(angle)};
  }
}
