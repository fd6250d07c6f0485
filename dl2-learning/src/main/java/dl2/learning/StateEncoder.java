package dl2.learning;

import dl2.simulation.JobView;

/**
 * Encodes the window's jobs into the policy input (dl2-spec §7.1). Empty columns are zero. With
 * {@code scaled}, inputs are divided by fixed constants (type by 8, slots by 100, remaining
 * epochs by the preset's maximum epochs, counts by the cap) so every input is of order one; the
 * spec allows this improvement, and raw inputs remain the Original default.
 *
 * @param encoding layout
 * @param window J
 * @param taskCap C, for scaling counts
 * @param maxEpochs MAX_EPOCHS of the workload, for scaling remaining epochs
 * @param scaled whether to scale inputs
 */
public record StateEncoder(StateEncoding encoding, int window, int taskCap, double maxEpochs, boolean scaled) {
  /** L, the number of job types (one-hot width in the paper encoding). */
  public static final int TYPES = 8;
  private static final double SLOT_SCALE = 100;

  public int size() {
    return switch (encoding) {
      case ORIGINAL -> 6 * window;
      case PAPER -> (TYPES + 5) * window;
      case OBSERVED -> ObservedFeatures.COUNT * window;
    };
  }

  /** Writes the state of {@code columns} (null = empty column) at slot {@code slot} into {@code out}. */
  public void encode(JobView[] columns, int slot, double[] out) {
    encode(columns, slot, null, out);
  }

  /**
   * As {@link #encode(JobView[], int, double[])}; {@code speeds} are the speeds fitted to the
   * cluster's measurements, which the observed encoding needs (the others ignore them).
   */
  public void encode(JobView[] columns, int slot, ObservedSpeeds speeds, double[] out) {
    if (encoding == StateEncoding.OBSERVED && speeds == null) {
      throw new IllegalStateException("the observed encoding needs the speeds fitted to the cluster's measurements");
    }
    java.util.Arrays.fill(out, 0, size(), 0);
    for (int col = 0; col < window; col++) {
      JobView job = columns[col];
      if (job != null) {
        switch (encoding) {
          case ORIGINAL -> encodeOriginal(job, col, slot, out);
          case PAPER -> encodePaper(job, col, out);
          case OBSERVED -> ObservedFeatures.encode(job, slot, speeds, taskCap, out, window, col);
        }
      }
    }
  }

  private void encodeOriginal(JobView job, int col, int slot, double[] out) {
    int j = window;
    out[col] = scaled ? job.type().number() / (double) TYPES : job.type().number();
    out[j + col] = scale(slot - job.arrivalSlot(), SLOT_SCALE);
    out[2 * j + col] = job.remainingFraction();
    out[3 * j + col] = job.dominantShare();
    out[4 * j + col] = scale(job.workers(), taskCap);
    out[5 * j + col] = scale(job.parameterServers(), taskCap);
  }

  private void encodePaper(JobView job, int col, double[] out) {
    int base = TYPES * window;
    out[col * TYPES + job.type().number() - 1] = 1;
    out[base + col] = scale(job.slotsRun(), SLOT_SCALE);
    out[base + window + col] = scale(job.epochs() - job.progress(), maxEpochs);
    out[base + 2 * window + col] = job.dominantShare();
    out[base + 3 * window + col] = scale(job.workers(), taskCap);
    out[base + 4 * window + col] = scale(job.parameterServers(), taskCap);
  }

  private double scale(double value, double by) {
    return scaled ? value / by : value;
  }
}
