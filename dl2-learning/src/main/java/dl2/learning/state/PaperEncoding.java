package dl2.learning.state;

import dl2.slot.JobView;
import java.util.Arrays;

/**
 * The paper's features of a job (dl2-spec §7.1, Paper): its type one-hot over the L = 8 types
 * (stored column-major, first), then slots run, remaining epochs, dominant share, workers and
 * parameter servers.
 */
final class PaperEncoding extends Encoding {
  /** L, the number of job types (one-hot width). */
  static final int TYPES = 8;

  /** Slots counts are divided by this when inputs are scaled. */
  static final double SLOT_SCALE = 100;

  PaperEncoding(int window, int taskCap, double maxEpochs, boolean scaled) {
    super(window, taskCap, maxEpochs, scaled);
  }

  @Override
  public StateEncoding name() {
    return StateEncoding.PAPER;
  }

  @Override
  public int featuresPerColumn() {
    return TYPES + 5;
  }

  @Override
  public int columnMajorFeatures() {
    return TYPES;
  }

  @Override
  void encodeColumn(JobView given, int column, int slot, double[] out) {
    JobView job = believed(given);
    Arrays.fill(out, 0, TYPES, 0);
    out[job.type().number() - 1] = 1;
    out[TYPES] = scale(job.slotsRun(), SLOT_SCALE);
    out[TYPES + 1] = scale(job.epochs() - job.progress(), maxEpochs());
    out[TYPES + 2] = job.dominantShare();
    out[TYPES + 3] = scale(job.workers(), taskCap());
    out[TYPES + 4] = scale(job.parameterServers(), taskCap());
  }
}
