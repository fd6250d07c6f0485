package dl2.slot;

/**
 * One running job's progress over one slot (dl2-spec §3.3), the arithmetic the simulator and the
 * Kubernetes emulator share: the job trains for the part of the slot not lost to rescaling, so Δ =
 * full-slot epochs × (1 − lost); a job that reaches E* stops there, at fraction φ of the slot, and
 * completes at e = ts − 1 + φ (exactly at the slot's end when Δ lands on E*).
 *
 * @param epochs Δ actually trained (truncated at E*)
 * @param completed whether the job reached E* in this slot
 * @param slotFraction φ, the fraction of the slot after which the job completed (1 if it did not)
 * @param trainedSlots the fraction of the slot the job trained: φ minus the lost part when it
 *     completed early, else 1 − lost
 */
public record ProgressStep(
    double epochs, boolean completed, double slotFraction, double trainedSlots) {
  /**
   * @param progress P, epochs done before the slot
   * @param realEpochs E*, the work after which the job completes
   * @param fullSlotEpochs epochs a whole slot with the job's tasks would achieve
   * @param lostFraction fraction of the slot lost to rescaling, in [0, 1]
   */
  public static ProgressStep of(
      double progress, double realEpochs, double fullSlotEpochs, double lostFraction) {
    double delta = fullSlotEpochs * (1 - lostFraction);
    double reached = progress + delta;
    if (reached < realEpochs) {
      return new ProgressStep(delta, false, 1, 1 - lostFraction);
    }
    if (reached == realEpochs) {
      return new ProgressStep(delta, true, 1, 1 - lostFraction);
    }
    double remaining = realEpochs - progress;
    double trained = remaining / fullSlotEpochs;
    return new ProgressStep(remaining, true, lostFraction + trained, trained);
  }

  /** e = ts − 1 + φ: the completion time in slots of a job that completed in slot {@code slot}. */
  public double completionTime(int slot) {
    return slot - 1 + slotFraction;
  }
}
