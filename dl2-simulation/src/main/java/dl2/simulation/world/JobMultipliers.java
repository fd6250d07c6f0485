package dl2.simulation.world;

import dl2.model.Rng;
import dl2.model.SeedStream;

/**
 * A job's own speed around its type's curve: its compute time per sample is α times the type's and
 * its communication time β times, with ln α ~ N(0, σ_t²) and ln(β/α) ~ N(0, σ_r²) correlated ρ.
 * Drawn from (simulation seed, job id) alone, so every scheduler on a trace meets the same jobs.
 */
record JobMultipliers(double compute, double communication) {

  static JobMultipliers draw(WorldParameters p, long seed, int jobId) {
    double[] z = Gaussian.pair(new Rng(Rng.derive(seed, SeedStream.JOB_MULTIPLIERS, jobId)));
    double logCompute = p.throughputLogSd() * z[0];
    double rho = p.correlation();
    double logRatio = p.commRatioLogSd() * (rho * z[0] + StrictMath.sqrt(1 - rho * rho) * z[1]);
    return new JobMultipliers(StrictMath.exp(logCompute), StrictMath.exp(logCompute + logRatio));
  }
}
