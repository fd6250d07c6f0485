package dl2.model;

/**
 * An immutable job of a trace (dl2-spec §2.2). {@code epochs} is the estimate E that state and
 * reward use; {@code realEpochs} is E*, the work after which the job completes (§4.4).
 */
public record JobSpec(int id, JobType type, int arrivalSlot, double epochs, double realEpochs) {
  public JobSpec {
    if (type == null) {
      throw new IllegalArgumentException("job " + id + " has no type");
    }
    if (arrivalSlot < 0) {
      throw new IllegalArgumentException("job " + id + " arrives in negative slot " + arrivalSlot);
    }
    if (!(epochs > 0) || !(realEpochs > 0) || Double.isInfinite(epochs) || Double.isInfinite(realEpochs)) {
      throw new IllegalArgumentException("job " + id + " needs positive finite epochs, got " + epochs + " / " + realEpochs);
    }
  }

  /** A job whose real epochs equal its estimate. */
  public static JobSpec exact(int id, JobType type, int arrivalSlot, double epochs) {
    return new JobSpec(id, type, arrivalSlot, epochs, epochs);
  }
}
