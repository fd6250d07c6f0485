package dl2.traces;

import dl2.io.InputException;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Which jobs to keep: those of one virtual cluster (if given), then {@code jobs} consecutive jobs
 * from the 0-based position {@code start} in arrival order (all the rest when absent).
 */
public record TraceWindow(int start, OptionalInt jobs, Optional<String> virtualCluster) {
  public static final TraceWindow ALL = new TraceWindow(0, OptionalInt.empty(), Optional.empty());

  public TraceWindow {
    if (start < 0) {
      throw new InputException("--start must not be negative: " + start);
    }
    if (jobs.isPresent() && jobs.getAsInt() < 1) {
      throw new InputException("--jobs must be at least 1: " + jobs.getAsInt());
    }
    if (virtualCluster.isPresent() && virtualCluster.get().isBlank()) {
      throw new InputException("--vc must name a virtual cluster");
    }
  }
}
