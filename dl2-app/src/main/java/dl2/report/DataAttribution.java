package dl2.report;

import java.util.List;

/**
 * The data-attribution footer of a report run on trace files. Many public traces derive from the
 * Microsoft Philly trace, whose CC-BY-4.0 licence requires the citation and a note of changes.
 */
public final class DataAttribution {
  public static final String PHILLY_URL = "https://github.com/msr-fiddle/philly-traces";

  private DataAttribution() {}

  /** Adds the attribution for runs on {@code traceFiles} (by name) to {@code report}. */
  public static ReportBuilder addTo(ReportBuilder report, List<String> traceFiles) {
    report.footer("Traces: " + String.join(", ", traceFiles) + ".", "");
    return report.footer(
        "Data attribution: traces derived from the Microsoft Philly trace (the Philly-derived files of the Pollux,"
            + " Gavel and ElasticFlow artifacts) are licensed CC-BY-4.0 and described in M. Jeon et al., \"Analysis of Large-Scale"
            + " Multi-Tenant GPU Clusters for DNN Training Workloads\", USENIX ATC'19. Those authors filtered and sampled the jobs;"
            + " dl2 maps each job onto its own job model (types, epochs, arrival slots), so results here are not the original"
            + " trace's. Philly trace:",
        PHILLY_URL);
  }
}
