package dl2.traces;

import dl2.model.JobType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tiresias' and ElasticFlow's CSVs, which share the columns used here: {@code submit_time} (s),
 * {@code num_gpu}, {@code model_name} and {@code duration} (s, the run time with those GPUs). The
 * published ElasticFlow/ITP release names the submit time {@code submission_time}, and its raw
 * traces have no {@code model_name}: ElasticFlow rows without one get the seeded row-hash type of
 * {@link TraceMapping#typeOfRow}. Other columns (ids, iterations, deadlines) are ignored.
 */
final class DurationCsvReader {
  static final String SUBMIT_TIME = "submit_time";
  static final String SUBMISSION_TIME = "submission_time";
  static final String GPUS = "num_gpu";
  static final String MODEL = "model_name";
  static final String DURATION = "duration";

  private DurationCsvReader() {}

  /** Tiresias' {@code 60_job.csv}: every column, including the model, is required. */
  static List<SourceJob> readTiresias(Path path, BadRows badRows) {
    return read(path, List.of(SUBMIT_TIME, GPUS, MODEL, DURATION), 0, badRows);
  }

  /** ElasticFlow's {@code philly_<vc>.csv} or the ITP release: the model column is optional. */
  static List<SourceJob> readElasticFlow(Path path, long seed, BadRows badRows) {
    return read(path, List.of(SUBMIT_TIME, GPUS, DURATION), seed, badRows);
  }

  private static List<SourceJob> read(
      Path path, List<String> required, long seed, BadRows badRows) {
    SourceTable table =
        SourceTable.withHeader(path, required, Map.of(SUBMISSION_TIME, SUBMIT_TIME));
    List<SourceJob> jobs = new ArrayList<>();
    for (SourceRow row : table.rows()) {
      badRows.guard(
          () -> {
            double submit = row.nonNegative(SUBMIT_TIME);
            JobType type =
                row.has(MODEL) ? row.modelType(MODEL) : TraceMapping.typeOfRow(seed, row.cells());
            jobs.add(
                new SourceJob(
                    row.line(), submit, type, row.gpus(GPUS), row.nonNegative(DURATION), ""));
          });
    }
    return jobs;
  }
}
