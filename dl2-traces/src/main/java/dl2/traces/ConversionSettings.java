package dl2.traces;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How to convert a source: the seed of the row-hash types (philly.csv), Gavel's throughput file
 * (found next to the traces when absent), the job window, and what a bad row does.
 */
public record ConversionSettings(
    long seed, Optional<Path> gavelThroughputs, TraceWindow window, BadRows badRows) {
  /** Every job of the file, default seed, bad rows are errors. */
  public static ConversionSettings defaults(long seed) {
    return new ConversionSettings(seed, Optional.empty(), TraceWindow.ALL, BadRows.fail());
  }
}
