package dl2.experiment;

/**
 * How much training each DL2 run of a study gets.
 *
 * @param rlSteps RL learner steps of one run
 * @param slSteps supervised warm-up steps where a study uses a warm-up (the teacher study)
 * @param validateEvery steps between validations (learning-curve points)
 * @param trainingTraces training traces per agent
 * @param learningRate RL Adam learning rate
 * @param quick whether studies also use their reduced sweeps
 */
public record Budget(
    int rlSteps,
    int slSteps,
    int validateEvery,
    int trainingTraces,
    double learningRate,
    boolean quick) {
  public Budget {
    if (rlSteps < 1
        || slSteps < 1
        || validateEvery < 1
        || trainingTraces < 1
        || !(learningRate > 0)) {
      throw new IllegalArgumentException("invalid experiment budget: " + this);
    }
  }

  /**
   * The study recipe (docs/experiments.md): from scratch, 3000 steps at lr 5e-5, validated every
   * 250 steps; 600 warm-up steps as {@code dl2 train}.
   */
  public static Budget full() {
    return new Budget(3000, 600, 250, 100, 5e-5, false);
  }

  /** A tenth of the steps, fewer sweep points: minutes per study on 2 cores. */
  public static Budget reduced() {
    return new Budget(300, 100, 100, 100, 5e-5, true);
  }

  /** Steps scaled by {@code fraction} (at least 1), e.g. for the phases of a changing workload. */
  public int steps(double fraction) {
    return Math.max(1, (int) Math.round(rlSteps * fraction));
  }
}
