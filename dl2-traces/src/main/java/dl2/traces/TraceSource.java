package dl2.traces;

import dl2.io.InputException;
import dl2.io.Suggestion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The public trace formats {@code dl2 convert --from} reads (columns: ../shared/traces/README.md).
 */
public enum TraceSource {
  /**
   * Pollux {@code workloads/workload-N.csv} (and {@code workloads-realistic}):
   * name,time,application,num_replicas,batch_size.
   */
  POLLUX("pollux", false),
  /**
   * Pollux {@code traces/philly.csv}: timestamp,duration,num_gpus,gpu_time,cluster; no model
   * column.
   */
  POLLUX_PHILLY("pollux-philly", true),
  /**
   * Gavel {@code traces/msr/seed=0/<vc>.trace}: tab-separated, no header; a file, or a directory
   * with --vc.
   */
  GAVEL("gavel", true),
  /**
   * Tiresias {@code 60_job.csv}:
   * job_id,num_gpu,submit_time,iterations,model_name,duration,interval.
   */
  TIRESIAS("tiresias", false),
  /**
   * ElasticFlow {@code philly_<vc>.csv} (job_id,submit_time,…,model_name,…,num_gpu,…,duration,…) or
   * the ElasticFlow/ITP release (job_id,submission_time,…,num_gpu,duration; model_name optional).
   */
  ELASTICFLOW("elasticflow", false);

  private final String cliName;
  private final boolean hasVirtualClusters;

  TraceSource(String cliName, boolean hasVirtualClusters) {
    this.cliName = cliName;
    this.hasVirtualClusters = hasVirtualClusters;
  }

  public String cliName() {
    return cliName;
  }

  /** Whether {@code --vc} can select one of the source's virtual clusters. */
  public boolean hasVirtualClusters() {
    return hasVirtualClusters;
  }

  public static TraceSource byName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(s -> s.cliName.equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new InputException(
                    "unknown trace source '"
                        + name
                        + "'"
                        + Suggestion.didYouMean(
                            name, Arrays.stream(values()).map(TraceSource::cliName).toList())
                        + "; valid sources: "
                        + names()));
  }

  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(TraceSource::cliName).toList());
  }

  /**
   * The file to read: {@code input} itself, or for Gavel a directory's {@code <vc>.trace}.
   * Directories are refused for the other sources.
   */
  Path file(Path input, Optional<String> virtualCluster) {
    if (this == GAVEL && Files.isDirectory(input)) {
      String vc =
          virtualCluster.orElseThrow(
              () ->
                  new InputException(
                      input
                          + ": is a directory of Gavel traces; choose one with --vc NAME ("
                          + GavelReader.virtualClusters(input)
                          + ")"));
      Path file = input.resolve(vc + GavelReader.EXTENSION);
      if (!Files.isRegularFile(file)) {
        throw new InputException(
            input
                + ": has no virtual cluster '"
                + vc
                + "'; valid: "
                + GavelReader.virtualClusters(input));
      }
      return file;
    }
    if (Files.isDirectory(input)) {
      throw InputException.inFile(
          input.toString(), "is a directory; expected a " + cliName + " trace file");
    }
    return input;
  }

  /** Every job of the file, bad rows handled by the settings. */
  List<SourceJob> read(Path file, ConversionSettings settings) {
    return switch (this) {
      case POLLUX -> PolluxWorkloadReader.read(file, settings.badRows());
      case POLLUX_PHILLY -> PhillyReader.read(file, settings.seed(), settings.badRows());
      case GAVEL ->
          GavelReader.read(
              file,
              GavelThroughputs.forTrace(file, settings.gavelThroughputs()),
              settings.badRows());
      case TIRESIAS -> DurationCsvReader.readTiresias(file, settings.badRows());
      case ELASTICFLOW ->
          DurationCsvReader.readElasticFlow(file, settings.seed(), settings.badRows());
    };
  }
}
