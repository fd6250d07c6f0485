package dl2.model;

/**
 * An immutable job of a trace (dl2-spec §2.2). {@code epochs} is the estimate E that state and
 * reward use ({@link #NO_ESTIMATE} when schedulers may not know it: {@code --lengths unknown});
 * {@code realEpochs} is E*, the work after which the job completes (§4.4). A job may ask for fewer
 * tasks than the cluster's cap C ({@code maxWorkers}, {@code maxParameterServers}, e.g. a DL2Job's
 * own caps); {@link #UNCAPPED} leaves only C.
 */
public record JobSpec(
    int id,
    JobType type,
    int arrivalSlot,
    double epochs,
    double realEpochs,
    int maxWorkers,
    int maxParameterServers) {
  /** No cap of the job's own: only the cluster's C applies. */
  public static final int UNCAPPED = Integer.MAX_VALUE;

  /**
   * Input limit on E and E* (10⁹ epochs): far beyond any real job (the paper's longest is 30,000)
   * and small enough that progress sums in doubles stay exact to well below an epoch.
   */
  public static final double MAX_EPOCHS = 1e9;

  /** The estimate of a job whose length schedulers may not know ({@code --lengths unknown}). */
  public static final double NO_ESTIMATE = Double.NaN;

  public JobSpec {
    if (type == null) {
      throw new IllegalArgumentException("job " + id + " has no type");
    }
    if (arrivalSlot < 0) {
      throw new IllegalArgumentException("job " + id + " arrives in negative slot " + arrivalSlot);
    }
    if (!(epochs > 0 || Double.isNaN(epochs))
        || !(realEpochs > 0)
        || Double.isInfinite(epochs)
        || Double.isInfinite(realEpochs)) {
      throw new IllegalArgumentException(
          "job " + id + " needs positive finite epochs, got " + epochs + " / " + realEpochs);
    }
    if (maxWorkers < 1 || maxParameterServers < 1) {
      throw new IllegalArgumentException(
          "job "
              + id
              + " needs caps of at least 1, got "
              + maxWorkers
              + " workers / "
              + maxParameterServers
              + " PS");
    }
  }

  /** A job with no caps of its own. */
  public JobSpec(int id, JobType type, int arrivalSlot, double epochs, double realEpochs) {
    this(id, type, arrivalSlot, epochs, realEpochs, UNCAPPED, UNCAPPED);
  }

  /** A job whose real epochs equal its estimate. */
  public static JobSpec exact(int id, JobType type, int arrivalSlot, double epochs) {
    return new JobSpec(id, type, arrivalSlot, epochs, epochs);
  }

  /** This job, holding at most {@code workers} workers and {@code parameterServers} PS. */
  public JobSpec withCaps(int workers, int parameterServers) {
    return new JobSpec(id, type, arrivalSlot, epochs, realEpochs, workers, parameterServers);
  }

  /** Whether the job carries an estimate E (false under {@code --lengths unknown}). */
  public boolean hasEstimate() {
    return !Double.isNaN(epochs);
  }

  /** This job with the estimate {@code estimate} of its unchanged real epochs E*. */
  public JobSpec withEstimate(double estimate) {
    return new JobSpec(
        id, type, arrivalSlot, estimate, realEpochs, maxWorkers, maxParameterServers);
  }

  /** Whether the job has a cap of its own. */
  public boolean capped() {
    return maxWorkers != UNCAPPED || maxParameterServers != UNCAPPED;
  }
}
