package dl2.speed;

import dl2.model.JobType;

/**
 * A speed model given directly in epochs per slot, whatever the slot length: for synthetic studies
 * and hand-computed scenarios whose expectations should be easy to work out.
 */
public final class EpochRateSpeed implements SpeedModel {
  /** Epochs per slot as a function of (type, PSs, workers); only called with both counts ≥ 1. */
  @FunctionalInterface
  public interface Rate {
    double epochsPerSlot(JobType type, int numPs, int numWorkers);
  }

  private final Rate rate;

  public EpochRateSpeed(Rate rate) {
    this.rate = rate;
  }

  /** Not defined in samples: the simulator asks for epochs per slot. */
  @Override
  public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
    throw new UnsupportedOperationException(
        "an epoch-rate speed model has no samples/s; ask for epochs per slot");
  }

  @Override
  public double epochsPerSlot(JobType type, int numPs, int numWorkers, double slotSeconds) {
    return rate.epochsPerSlot(type, numPs, numWorkers);
  }

  @Override
  public String name() {
    return "epoch-rate";
  }
}
