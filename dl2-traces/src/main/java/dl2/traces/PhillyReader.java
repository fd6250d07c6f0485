package dl2.traces;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * Pollux's {@code philly.csv} ({@code timestamp,duration,num_gpus,gpu_time,cluster}; unsorted):
 * submit time {@code YYYY-MM-DD HH:MM:SS} (taken as UTC; only differences matter), run time {@code
 * duration} (s) with {@code num_gpus} GPUs, virtual cluster {@code cluster}. It names no model: the
 * type comes from {@link TraceMapping#typeOfRow}.
 */
final class PhillyReader {
  static final String TIMESTAMP = "timestamp";
  static final String DURATION = "duration";
  static final String GPUS = "num_gpus";
  static final String CLUSTER = "cluster";
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);

  private PhillyReader() {}

  static List<SourceJob> read(Path path, long seed, BadRows badRows) {
    SourceTable table = SourceTable.withHeader(path, List.of(TIMESTAMP, DURATION, GPUS, CLUSTER));
    List<SourceJob> jobs = new ArrayList<>(table.rows().size());
    for (SourceRow row : table.rows()) {
      badRows.guard(
          () -> {
            double submit = submitSeconds(row);
            double duration = row.nonNegative(DURATION);
            int gpus = row.gpus(GPUS);
            String cluster = row.text(CLUSTER);
            if (cluster.isEmpty()) {
              throw row.problem(CLUSTER, "empty; expected the virtual cluster");
            }
            jobs.add(
                new SourceJob(
                    row.line(),
                    submit,
                    TraceMapping.typeOfRow(seed, row.cells()),
                    gpus,
                    duration,
                    cluster));
          });
    }
    return jobs;
  }

  private static double submitSeconds(SourceRow row) {
    String value = row.text(TIMESTAMP);
    try {
      return LocalDateTime.parse(value, TIME).toEpochSecond(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw row.problem(TIMESTAMP, "not a time YYYY-MM-DD HH:MM:SS: '" + value + "'");
    }
  }
}
