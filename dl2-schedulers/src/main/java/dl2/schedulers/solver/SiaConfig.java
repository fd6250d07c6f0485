package dl2.schedulers.solver;

/**
 * The knobs of the Sia-like optimiser (docs/heuristics/gavel-and-sia.md), Sia's defaults where it
 * has them (sia-simulator's simulator_config.py and sia.py).
 *
 * @param fairness p, the power of each job's normalised goodput (Sia: −0.5, minimised)
 * @param unallocatedPenalty λ_n, the cost of leaving a job without GPUs (Sia: 1.1)
 * @param restartPenaltySlots slots a job loses when its configuration changes (Sia's default
 *     restart cost, 30 s, in dl2's 1200 s slots)
 */
public record SiaConfig(double fairness, double unallocatedPenalty, double restartPenaltySlots) {
  public static final SiaConfig DEFAULT = new SiaConfig(-0.5, 1.1, 30.0 / 1200);

  public SiaConfig {
    if (!(fairness < 0) || !(unallocatedPenalty > 1) || !(restartPenaltySlots >= 0)) {
      throw new IllegalArgumentException(
          "Sia needs p < 0, λ_n > 1 and a restart penalty of at least 0");
    }
  }
}
