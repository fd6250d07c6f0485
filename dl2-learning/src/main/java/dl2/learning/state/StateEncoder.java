package dl2.learning.state;

import dl2.learning.nn.ColumnLayout;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.slot.JobView;

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
    return window * featuresPerColumn() + globalFeatures();
  }

  /** F, the features of one column: 6 (original), 8 + 5 (paper), {@link ObservedFeatures#COUNT} (observed) or that plus {@link PlacedFeatures#COUNT} (placed). */
  public int featuresPerColumn() {
    return switch (encoding) {
      case ORIGINAL -> 6;
      case PAPER -> TYPES + 5;
      case OBSERVED -> ObservedFeatures.COUNT;
      case PLACED -> ObservedFeatures.COUNT + PlacedFeatures.COUNT;
    };
  }

  /** The leading per-column features stored column-major (the paper's one-hot types). */
  public int columnMajorFeatures() {
    return encoding == StateEncoding.PAPER ? TYPES : 0;
  }

  /** G, the features after the columns that describe the cluster rather than a job (none yet). */
  public int globalFeatures() {
    return 0;
  }

  /** Where each column's features sit in the flat state. */
  public ColumnLayout layout() {
    return new ColumnLayout(window, columnMajorFeatures(), globalFeatures());
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
    java.util.Arrays.fill(out, 0, size(), 0);
    ColumnLayout layout = layout();
    double[] column = new double[featuresPerColumn()];
    for (int col = 0; col < window; col++) {
      JobView job = columns[col];
      if (job != null) {
        encodeColumn(job, slot, speeds, column);
        for (int f = 0; f < column.length; f++) {
          out[layout.index(col, f)] = column[f];
        }
      }
    }
  }

  /**
   * Writes one job's F features, in the order of {@link #layout()}'s feature index, into
   * {@code out[0..F)}; every job has a non-zero feature (its type), so no job looks like an empty column.
   */
  public void encodeColumn(JobView job, int slot, double[] out) {
    encodeColumn(job, slot, null, out);
  }

  /**
   * Re-encodes into {@code out} a job encoded there earlier in the same slot after it gained a task:
   * the observed encoding rewrites only its allocation's features, the others the whole column.
   */
  public void reencodeAllocation(JobView job, int slot, ObservedSpeeds speeds, double[] out) {
    if ((encoding == StateEncoding.OBSERVED || encoding == StateEncoding.PLACED) && speeds != null) {
      ObservedFeatures.encodeAllocation(job, speeds, taskCap, out, 1, 0);
    } else {
      encodeColumn(job, slot, speeds, out);
    }
  }

  /**
   * As {@link #encodeColumn(JobView, int, double[])}, with the fitted speeds the observed encoding needs.
   * The placed encoding's placement features need the slot's placement: {@link Observer} writes them.
   */
  public void encodeColumn(JobView job, int slot, ObservedSpeeds speeds, double[] out) {
    if (encoding == StateEncoding.OBSERVED || encoding == StateEncoding.PLACED) {
      if (speeds == null) {
        throw new IllegalStateException("the observed encoding needs the speeds fitted to the cluster's measurements");
      }
      ObservedFeatures.encode(job, slot, speeds, taskCap, out, 1, 0);
    } else if (encoding == StateEncoding.ORIGINAL) {
      out[0] = scaled ? job.type().number() / (double) TYPES : job.type().number();
      out[1] = scale(slot - job.arrivalSlot(), SLOT_SCALE);
      out[2] = job.remainingFraction();
      out[3] = job.dominantShare();
      out[4] = scale(job.workers(), taskCap);
      out[5] = scale(job.parameterServers(), taskCap);
    } else {
      java.util.Arrays.fill(out, 0, TYPES, 0);
      out[job.type().number() - 1] = 1;
      out[TYPES] = scale(job.slotsRun(), SLOT_SCALE);
      out[TYPES + 1] = scale(job.epochs() - job.progress(), maxEpochs);
      out[TYPES + 2] = job.dominantShare();
      out[TYPES + 3] = scale(job.workers(), taskCap);
      out[TYPES + 4] = scale(job.parameterServers(), taskCap);
    }
  }

  private double scale(double value, double by) {
    return scaled ? value / by : value;
  }
}
