package dl2.traces;

import dl2.io.InputException;
import dl2.model.JobType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Gavel's per-VC Philly traces: tab-separated {@code job_type, command, num_steps_arg,
 * needs_data_dir, total_steps, arrival_time, scale_factor}, no header; the file name is the virtual
 * cluster. Work = total_steps / the type's isolated 1-GPU step rate ({@link GavelThroughputs}), in
 * one-GPU seconds; {@code scale_factor} (GPUs) does not change the work.
 */
final class GavelReader {
  static final String EXTENSION = ".trace";
  static final String JOB_TYPE = "job_type";
  static final String TOTAL_STEPS = "total_steps";
  static final String ARRIVAL = "arrival_time";
  static final String SCALE_FACTOR = "scale_factor";
  static final List<String> COLUMNS =
      List.of(
          JOB_TYPE,
          "command",
          "num_steps_arg",
          "needs_data_dir",
          TOTAL_STEPS,
          ARRIVAL,
          SCALE_FACTOR);

  private GavelReader() {}

  static List<SourceJob> read(Path path, GavelThroughputs throughputs, BadRows badRows) {
    SourceTable table = SourceTable.tabSeparated(path, COLUMNS);
    String vc = virtualCluster(path);
    List<SourceJob> jobs = new ArrayList<>();
    for (SourceRow row : table.rows()) {
      badRows.guard(
          () -> {
            if (row.cells().size() != COLUMNS.size()) {
              throw row.problem(
                  row.cells().size() < COLUMNS.size()
                      ? COLUMNS.get(row.cells().size())
                      : SCALE_FACTOR,
                  "the line has "
                      + row.cells().size()
                      + " tab-separated cells; expected "
                      + COLUMNS.size());
            }
            String name = row.text(JOB_TYPE);
            JobType type = row.modelType(JOB_TYPE);
            double rate =
                throughputs
                    .oneGpuStepsPerSecond(name)
                    .orElseThrow(
                        () ->
                            row.problem(
                                JOB_TYPE,
                                "no isolated 1-GPU "
                                    + TraceMapping.GAVEL_REFERENCE_GPU
                                    + " throughput for '"
                                    + name
                                    + "'"));
            double steps = row.nonNegative(TOTAL_STEPS);
            double arrival = row.nonNegative(ARRIVAL);
            row.gpus(SCALE_FACTOR);
            jobs.add(new SourceJob(row.line(), arrival, type, 1, steps / rate, vc));
          });
    }
    return jobs;
  }

  static String virtualCluster(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(EXTENSION) ? name.substring(0, name.length() - EXTENSION.length()) : name;
  }

  /** The virtual clusters of a directory of Gavel traces, sorted, for messages. */
  static String virtualClusters(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      List<String> names =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(EXTENSION))
              .map(n -> n.substring(0, n.length() - EXTENSION.length()))
              .sorted()
              .toList();
      return names.isEmpty() ? "none found" : String.join(", ", names);
    } catch (IOException e) {
      throw InputException.inFile(dir.toString(), "cannot be listed: " + e.getMessage());
    }
  }
}
