package dl2.schedulers.placed;

import dl2.model.JobType;

/**
 * How {@link MeasuredWorld} measures interference (docs/heuristics/ia-greedy.md): each new
 * co-located observation of a job with a clean curve, at a configuration that curve has seen clean,
 * becomes one least-squares row of its type's pairwise slowdown ({@link InterferenceEstimate}).
 */
final class InterferenceMeasurement {
  /**
   * The built-in types, copied once: JobType.values() clones its array at every call, and these
   * loops are hot.
   */
  private static final JobType[] BUILT_INS = JobType.values();

  private InterferenceMeasurement() {}

  /**
   * With Ĉ and M̂ a job's clean curve's compute and communication time there and π its locality
   * factor, 1/rate = Ĉ + π·M̂·(1 + Σ_t x_t·c_t) on its worst node (c_t: type-t tasks there). In
   * units of the predicted clean time T = Ĉ + π·M̂ that is the row π·M̂·c/T with target (1/rate −
   * T)/T: the measurement's noise is in the target only, so least squares does not shrink x towards
   * 0. {@code fits} in id order; λ the locality factor; the rows go to {@code interference}, which
   * is re-solved.
   */
  static void measure(
      Iterable<PlacedSpeedFit> fits, double lambda, InterferenceEstimate interference) {
    for (PlacedSpeedFit fit : fits) {
      if (!fit.cleanBased()) {
        continue;
      }
      for (PlacedSpeedFit.Colocated o : fit.colocated()) {
        int p = o.probe.totalParameterServers();
        int w = o.probe.totalWorkers();
        if (o.unmeasured == 0 || !fit.observedClean(p, w)) {
          continue; // measured already, or the clean curve would only extrapolate here
        }
        double[] theta = fit.cleanTheta(lambda);
        double compute = theta[0] / w + theta[1];
        double pi = PlacedSpeedFit.locality(lambda, o.probe.localPairFraction());
        double communication = pi * (theta[2] * w / p + theta[3] * w + theta[4] * p);
        if (communication
            > 0) { // a curve without communication says nothing about its interference
          int worst = interference.worstNode(fit.type(), o.probe);
          double clean = compute + communication;
          double[] row = new double[JobType.values().length];
          for (JobType other : BUILT_INS) {
            row[other.ordinal()] = communication * o.probe.foreignTasks(worst, other) / clean;
          }
          interference.add(
              fit.type(),
              row,
              o.unmeasured,
              (o.unmeasuredInverseSum - o.unmeasured * clean) / clean);
        }
        o.unmeasured = 0;
        o.unmeasuredInverseSum = 0;
      }
    }
    interference.solve();
  }
}
