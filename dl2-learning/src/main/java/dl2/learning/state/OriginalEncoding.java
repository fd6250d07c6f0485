package dl2.learning.state;

import dl2.slot.JobView;

/**
 * The original's six features of a job (dl2-spec §7.1, Original): type 1..8, slots since arrival ts
 * − a, remaining fraction 1 − P/E, dominant share, workers, parameter servers.
 */
final class OriginalEncoding extends Encoding {
  private static final int FEATURES = 6;

  OriginalEncoding(int window, int taskCap, double maxEpochs, boolean scaled) {
    super(window, taskCap, maxEpochs, scaled);
  }

  @Override
  public StateEncoding name() {
    return StateEncoding.ORIGINAL;
  }

  @Override
  public int featuresPerColumn() {
    return FEATURES;
  }

  @Override
  void encodeColumn(JobView job, int column, int slot, double[] out) {
    out[0] = scaled() ? job.type().number() / (double) PaperEncoding.TYPES : job.type().number();
    out[1] = scale(slot - job.arrivalSlot(), PaperEncoding.SLOT_SCALE);
    out[2] = believed(job).remainingFraction();
    out[3] = job.dominantShare();
    out[4] = scale(job.workers(), taskCap());
    out[5] = scale(job.parameterServers(), taskCap());
  }
}
