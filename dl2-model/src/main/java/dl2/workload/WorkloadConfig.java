package dl2.workload;

/**
 * Every knob of the paper's workload generator (dl2-spec §4), with the paper's defaults.
 *
 * @param pattern arrival pattern (§4.2)
 * @param maxArrivals MAX: jobs arriving per slot are clipped to this
 * @param totalJobs jobs per trace
 * @param maxEpochs MAX_EPOCHS: epochs of the longest bucket
 * @param mix how types and lengths are drawn (§4.3)
 * @param fixJobLength FIX_JOB_LEN: on means no ±10% length jitter (§4.4)
 * @param epochEstimationError ε_e: real epochs E* = (1 + ε_e·U(−1,1))·E (§4.4)
 * @param typeRestriction K: sample only the first K buckets or types (1..8)
 * @param typeMix types held out, or given a share of the jobs, after drawing (Project; all types by
 *     default)
 */
public record WorkloadConfig(
    ArrivalPattern pattern,
    int maxArrivals,
    int totalJobs,
    int maxEpochs,
    JobMix mix,
    boolean fixJobLength,
    double epochEstimationError,
    int typeRestriction,
    TypeMix typeMix) {

  public WorkloadConfig {
    typeMix = typeMix == null ? TypeMix.ALL : typeMix;
    if (maxArrivals < 1) {
      throw new IllegalArgumentException(
          "maximum arrivals per slot must be at least 1: " + maxArrivals);
    }
    if (totalJobs < 1) {
      throw new IllegalArgumentException("a trace needs at least 1 job: " + totalJobs);
    }
    if (maxEpochs < 1) {
      throw new IllegalArgumentException("maximum epochs must be at least 1: " + maxEpochs);
    }
    if (!(epochEstimationError >= 0 && epochEstimationError < 1)) {
      throw new IllegalArgumentException(
          "epoch estimation error must be in [0, 1): " + epochEstimationError);
    }
    if (typeRestriction < 1 || typeRestriction > 8) {
      throw new IllegalArgumentException("type restriction must be 1..8: " + typeRestriction);
    }
  }

  /** The paper's default generator for the given scale. */
  public static WorkloadConfig paper(int maxArrivals, int totalJobs, int maxEpochs) {
    return new WorkloadConfig(
        ArrivalPattern.PAPER,
        maxArrivals,
        totalJobs,
        maxEpochs,
        JobMix.PAPER_RELEASED,
        true,
        0,
        8,
        TypeMix.ALL);
  }

  public WorkloadConfig withPattern(ArrivalPattern newPattern) {
    return new WorkloadConfig(
        newPattern,
        maxArrivals,
        totalJobs,
        maxEpochs,
        mix,
        fixJobLength,
        epochEstimationError,
        typeRestriction,
        typeMix);
  }

  /**
   * The same generator with MAX = {@code max}: the arrival pattern rescales to it; no job attribute
   * changes.
   */
  public WorkloadConfig withMaxArrivals(int max) {
    return new WorkloadConfig(
        pattern,
        max,
        totalJobs,
        maxEpochs,
        mix,
        fixJobLength,
        epochEstimationError,
        typeRestriction,
        typeMix);
  }

  public WorkloadConfig withTotalJobs(int jobs) {
    return new WorkloadConfig(
        pattern,
        maxArrivals,
        jobs,
        maxEpochs,
        mix,
        fixJobLength,
        epochEstimationError,
        typeRestriction,
        typeMix);
  }

  public WorkloadConfig withEpochEstimationError(double error) {
    return new WorkloadConfig(
        pattern,
        maxArrivals,
        totalJobs,
        maxEpochs,
        mix,
        fixJobLength,
        error,
        typeRestriction,
        typeMix);
  }

  public WorkloadConfig withMix(JobMix newMix) {
    return new WorkloadConfig(
        pattern,
        maxArrivals,
        totalJobs,
        maxEpochs,
        newMix,
        fixJobLength,
        epochEstimationError,
        typeRestriction,
        typeMix);
  }

  public WorkloadConfig withFixJobLength(boolean fixed) {
    return new WorkloadConfig(
        pattern,
        maxArrivals,
        totalJobs,
        maxEpochs,
        mix,
        fixed,
        epochEstimationError,
        typeRestriction,
        typeMix);
  }

  /** The same generator with {@code newMix} applied to every trace it draws. */
  public WorkloadConfig withTypeMix(TypeMix newMix) {
    return new WorkloadConfig(
        pattern,
        maxArrivals,
        totalJobs,
        maxEpochs,
        mix,
        fixJobLength,
        epochEstimationError,
        typeRestriction,
        newMix);
  }

  public WorkloadConfig withTypeRestriction(int k) {
    return new WorkloadConfig(
        pattern,
        maxArrivals,
        totalJobs,
        maxEpochs,
        mix,
        fixJobLength,
        epochEstimationError,
        k,
        typeMix);
  }
}
