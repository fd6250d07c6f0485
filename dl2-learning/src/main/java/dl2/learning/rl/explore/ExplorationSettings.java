package dl2.learning.rl.explore;

/**
 * Every constant of DL2's job-aware exploration (dl2-spec §7.10 and §5.2 step 4), in one place.
 * {@link #DEFAULT} holds the values of the paper (ε rule) and of the original code (override
 * rules); changing them leaves the spec.
 *
 * @param epsilon paper: probability of overriding the sampled action for a poor job (0.4)
 * @param poorRatio paper: a job is poor when w/u or u/w exceeds this (10, strict)
 * @param psPerWorkerMin original rule B3: lowest ρ, drawn uniformly per slot from
 *     {psPerWorkerMin..psPerWorkerMax} (3)
 * @param psPerWorkerMax original rule B3: highest ρ (7)
 * @param balanceRatioMin original rule A: lowest R, drawn uniformly per decision from
 *     {balanceRatioMin..balanceRatioMax} (3)
 * @param balanceRatioMax original rule A: highest R (5)
 * @param minValidProbability original: valid(x) needs q_x above this (1e-20)
 * @param rareTypeShare original rule B1: a type is rare below this share of executed actions
 *     (0.001)
 * @param coinProbability original: every "½" of rules A and B2–B4 (0.5)
 * @param workersPerPsToAddPs original rule B4: applies when w ≥ this·u (0.5)
 * @param bundleInsteadOfPsProbability original rule B4: bundle instead of PS (0.01)
 * @param workerWhenPsCapped Project variant of rule B3 (off in the original): when the job's PSs
 *     are at the cap, the bundle is masked and B3 never fires, so a PS-heavy job is never offered a
 *     second worker; with this on, B3 adds the worker alone
 */
public record ExplorationSettings(
    double epsilon,
    double poorRatio,
    int psPerWorkerMin,
    int psPerWorkerMax,
    int balanceRatioMin,
    int balanceRatioMax,
    double minValidProbability,
    double rareTypeShare,
    double coinProbability,
    double workersPerPsToAddPs,
    double bundleInsteadOfPsProbability,
    boolean workerWhenPsCapped) {

  /** The paper's ε rule and the original code's override rules, as dl2-spec §7.10 states them. */
  public static final ExplorationSettings DEFAULT =
      new ExplorationSettings(0.4, 10, 3, 7, 3, 5, 1e-20, 0.001, 0.5, 0.5, 0.01, false);

  /** The original rules with B3's worker-alone variant. */
  public ExplorationSettings withWorkerWhenPsCapped() {
    return new ExplorationSettings(
        epsilon,
        poorRatio,
        psPerWorkerMin,
        psPerWorkerMax,
        balanceRatioMin,
        balanceRatioMax,
        minValidProbability,
        rareTypeShare,
        coinProbability,
        workersPerPsToAddPs,
        bundleInsteadOfPsProbability,
        true);
  }

  public ExplorationSettings {
    requireProbability("epsilon", epsilon);
    requireProbability("coinProbability", coinProbability);
    requireProbability("bundleInsteadOfPsProbability", bundleInsteadOfPsProbability);
    requireProbability("rareTypeShare", rareTypeShare);
    if (psPerWorkerMin > psPerWorkerMax || balanceRatioMin > balanceRatioMax) {
      throw new IllegalArgumentException("empty ρ or R range");
    }
    if (!(poorRatio > 0) || !(minValidProbability >= 0) || !(workersPerPsToAddPs >= 0)) {
      throw new IllegalArgumentException("poorRatio must be positive, thresholds non-negative");
    }
  }

  private static void requireProbability(String name, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1]: " + p);
    }
  }
}
