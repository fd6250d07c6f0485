package dl2.traces;

import dl2.model.JobType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Pollux workloads ({@code name,time,application,num_replicas,batch_size}): arrival {@code time}
 * (s) and the application, whose fixed work is {@link TraceMapping#polluxOneGpuSeconds} on one GPU.
 * Replicas and batch size do not change the work (Pollux trains every job of an application to the
 * same target) and are ignored.
 */
final class PolluxWorkloadReader {
  static final String TIME = "time";
  static final String APPLICATION = "application";

  private PolluxWorkloadReader() {}

  static List<SourceJob> read(Path path, BadRows badRows) {
    SourceTable table = SourceTable.withHeader(path, List.of(TIME, APPLICATION));
    List<SourceJob> jobs = new ArrayList<>();
    for (SourceRow row : table.rows()) {
      badRows.guard(
          () -> {
            double arrival = row.nonNegative(TIME);
            String application = row.text(APPLICATION);
            double seconds =
                TraceMapping.polluxOneGpuSeconds(application)
                    .orElseThrow(
                        () ->
                            row.problem(
                                APPLICATION,
                                "unknown Pollux application '"
                                    + application
                                    + "'; valid: "
                                    + TraceMapping.polluxApplications()));
            JobType type = row.modelType(APPLICATION);
            jobs.add(new SourceJob(row.line(), arrival, type, 1, seconds, ""));
          });
    }
    return jobs;
  }
}
