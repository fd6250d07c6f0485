package dl2.report;

import java.util.List;

/**
 * What one experiment contributes to a report.
 *
 * @param name study name, also the stem of its table files ({@code NAME.csv}, {@code NAME.md})
 * @param title heading
 * @param paperClaim what the paper reports for this study (empty if nothing)
 * @param table the result table
 * @param plots its charts (at least one)
 * @param notes how it was run and anything that differs from the paper
 */
public record StudyReport(
    String name,
    String title,
    String paperClaim,
    ResultTable table,
    List<Plot> plots,
    List<String> notes) {
  public StudyReport {
    plots = List.copyOf(plots);
    notes = List.copyOf(notes);
    if (plots.isEmpty()) {
      throw new IllegalArgumentException("study " + name + " has no plot");
    }
  }

  public String csvFile() {
    return name + ".csv";
  }

  public String markdownFile() {
    return name + ".md";
  }
}
