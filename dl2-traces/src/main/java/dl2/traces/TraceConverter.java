package dl2.traces;

import dl2.io.InputException;
import dl2.model.JobSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Converts a public trace into DL2's native trace: read, keep one virtual cluster (optional), drop
 * jobs without work, sort by arrival then line, cut the window, re-base arrivals to 0, number the
 * jobs 1..N and give each its epochs (all rules in {@link TraceMapping}).
 */
public final class TraceConverter {
  private TraceConverter() {}

  public static ConvertedTrace convert(
      TraceSource source, Path input, ConversionSettings settings) {
    Loaded loaded = load(source, input, settings);
    return loaded.convert(cut(loaded.withWork(), settings.window()));
  }

  /**
   * A source file read and filtered, before any window is cut.
   *
   * @param read every job of the file (bad rows excluded), all virtual clusters
   * @param inCluster the jobs of the chosen virtual cluster (all when none is chosen)
   * @param withWork those with work, in arrival order (ties by line); never empty
   */
  record Loaded(
      Path file,
      List<SourceJob> read,
      List<SourceJob> inCluster,
      List<SourceJob> withWork,
      int skippedRows) {
    /**
     * {@code selected} (consecutive jobs of {@link #withWork}) as native jobs: re-based to 0 s,
     * numbered 1..N.
     */
    ConvertedTrace convert(List<SourceJob> selected) {
      double origin = selected.get(0).arrivalSeconds();
      List<ConvertedJob> jobs = new ArrayList<>(selected.size());
      int capped = 0;
      for (SourceJob job : selected) {
        capped += job.gpus() > TraceMapping.GPU_CAP ? 1 : 0;
        double epochs = TraceMapping.epochs(job.type(), job.gpus(), job.seconds());
        if (!(epochs <= JobSpec.MAX_EPOCHS)) {
          throw InputException.at(
              file.toString(),
              job.line(),
              "work",
              String.format(
                  java.util.Locale.ROOT,
                  "%.3g epochs, above the input limit of %d epochs per job",
                  epochs,
                  (long) JobSpec.MAX_EPOCHS));
        }
        jobs.add(
            new ConvertedJob(jobs.size() + 1, job.arrivalSeconds() - origin, job.type(), epochs));
      }
      return new ConvertedTrace(
          jobs,
          read.size(),
          read.size() - inCluster.size(),
          inCluster.size() - withWork.size(),
          skippedRows,
          capped);
    }
  }

  /**
   * Reads {@code input}, keeps the settings' virtual cluster and the jobs with work, sorted; the
   * window is not cut.
   */
  static Loaded load(TraceSource source, Path input, ConversionSettings settings) {
    TraceWindow window = settings.window();
    if (window.virtualCluster().isPresent() && !source.hasVirtualClusters()) {
      throw new InputException("--vc: " + source.cliName() + " traces have no virtual clusters");
    }
    Path file = source.file(input, window.virtualCluster());
    List<SourceJob> read = source.read(file, settings);
    List<SourceJob> inCluster = inVirtualCluster(read, window.virtualCluster(), file);
    List<SourceJob> withWork =
        inCluster.stream().filter(TraceMapping::hasWork).sorted(TraceMapping.ORDER).toList();
    if (withWork.isEmpty()) {
      throw InputException.inFile(
          file.toString(),
          "has no jobs with work left to convert ("
              + read.size()
              + " read, "
              + settings.badRows().skipped()
              + " bad rows skipped)");
    }
    return new Loaded(file, read, inCluster, withWork, settings.badRows().skipped());
  }

  private static List<SourceJob> inVirtualCluster(
      List<SourceJob> jobs, Optional<String> vc, Path file) {
    if (vc.isEmpty()) {
      return jobs;
    }
    List<SourceJob> kept = jobs.stream().filter(j -> j.virtualCluster().equals(vc.get())).toList();
    if (kept.isEmpty()) {
      TreeMap<String, Integer> counts = new TreeMap<>();
      jobs.forEach(j -> counts.merge(j.virtualCluster(), 1, Integer::sum));
      throw new InputException(
          "--vc: "
              + file
              + " has no jobs in virtual cluster '"
              + vc.get()
              + "'; its clusters (jobs): "
              + String.join(
                  ", ",
                  counts.entrySet().stream()
                      .map(e -> e.getKey() + " (" + e.getValue() + ")")
                      .toList()));
    }
    return kept;
  }

  private static List<SourceJob> cut(List<SourceJob> sorted, TraceWindow window) {
    if (window.start() >= sorted.size()) {
      throw new InputException(
          "--start "
              + window.start()
              + ": the trace has only "
              + sorted.size()
              + " jobs (positions 0.."
              + (sorted.size() - 1)
              + ")");
    }
    int end =
        window.jobs().isPresent()
            ? (int) Math.min(sorted.size(), (long) window.start() + window.jobs().getAsInt())
            : sorted.size();
    return sorted.subList(window.start(), end);
  }
}
