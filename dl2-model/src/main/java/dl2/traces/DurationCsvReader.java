package dl2.traces;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Tiresias' and ElasticFlow's CSVs, which share the columns used here: {@code submit_time} (s),
 * {@code num_gpu}, {@code model_name} and {@code duration} (s, the run time with those GPUs).
 * Other columns (ids, iterations, deadlines) are ignored.
 */
final class DurationCsvReader {
  static final String SUBMIT_TIME = "submit_time";
  static final String GPUS = "num_gpu";
  static final String MODEL = "model_name";
  static final String DURATION = "duration";

  private DurationCsvReader() {}

  static List<SourceJob> read(Path path, BadRows badRows) {
    SourceTable table = SourceTable.withHeader(path, List.of(SUBMIT_TIME, GPUS, MODEL, DURATION));
    List<SourceJob> jobs = new ArrayList<>();
    for (SourceRow row : table.rows()) {
      badRows.guard(() -> jobs.add(new SourceJob(row.line(), row.nonNegative(SUBMIT_TIME), row.modelType(MODEL),
          row.gpus(GPUS), row.nonNegative(DURATION), "")));
    }
    return jobs;
  }
}
