package dl2.speed;

/**
 * Optimus' synchronous speed form f(p, w) = 1 / (a/w + b + c·w/p + d·w + e·p) samples/s for p
 * parameter servers and w workers: a/w + b is the time per sample spent computing, c·w/p + d·w +
 * e·p the time spent exchanging parameters. The evaluation order is fixed for bit-for-bit results.
 */
public record OptimusCurve(double a, double b, double c, double d, double e) {
  public OptimusCurve {
    for (double k : new double[] {a, b, c, d, e}) {
      if (!(k >= 0) || Double.isInfinite(k)) {
        throw new IllegalArgumentException("coefficients must be finite and non-negative: " + k);
      }
    }
    if (a + b + c + d + e == 0) {
      throw new IllegalArgumentException(
          "at least one coefficient must be positive, or the speed is infinite");
    }
  }

  /** Samples per second, 0 without a PS or a worker. */
  public double samplesPerSecond(int numPs, int numWorkers) {
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    double p = numPs;
    double w = numWorkers;
    // Left-to-right order fixed by the spec for bit-for-bit results.
    double den = (((a / w + b) + (c * w) / p) + d * w) + e * p;
    return 1.0 / den;
  }

  /** Seconds per sample spent computing: a/w + b. */
  public double computeSecondsPerSample(int numWorkers) {
    return a / numWorkers + b;
  }

  /** Seconds per sample spent exchanging parameters: c·w/p + d·w + e·p. */
  public double communicationSecondsPerSample(int numPs, int numWorkers) {
    double p = numPs;
    double w = numWorkers;
    return ((c * w) / p + d * w) + e * p;
  }
}
