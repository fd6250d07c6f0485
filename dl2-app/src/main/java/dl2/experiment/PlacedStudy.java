package dl2.experiment;

import dl2.report.Plot;
import dl2.report.StudyReport;
import dl2.slot.SchedulerName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A study run under a placement ({@code experiment --placement P}): every scheduler's tasks go
 * where P says, as compare's {@code SCHEDULER@P} rows (those that place their own tasks as they
 * are), and DL2 trains, validates and is tested under P. Its report is the study's, named {@code
 * NAME@P} (files, plots and section of their own beside the study's) and its scheduler names read
 * {@code SCHEDULER@P} ({@link StudyContext#named}).
 */
record PlacedStudy(Study study, String placement) implements Study {
  @Override
  public String name() {
    // written as a scheduler under it, so that least-loaded too gets a name of its own beside the
    // study's
    return new SchedulerName(study.name(), Optional.of(placement)).toString();
  }

  @Override
  public boolean shardable() {
    return study.shardable();
  }

  @Override
  public StudyReport run(StudyContext context) {
    StudyReport report = study.run(context);
    List<Plot> plots =
        report.plots().stream()
            .map(
                p ->
                    new Plot(
                        p.name() + "-" + placement,
                        p.title() + " under " + placement,
                        p.xLabel(),
                        p.yLabel(),
                        p.categories(),
                        p.series()))
            .toList();
    List<String> notes =
        new ArrayList<>(
            List.of(
                "Every scheduler places its tasks by "
                    + placement
                    + " (those that place their "
                    + "own, tetris and ia-greedy, as they do), and DL2 trains, validates and is tested under it: a scheduler's name "
                    + "reads SCHEDULER@"
                    + placement
                    + " as in compare."));
    notes.addAll(report.notes());
    return new StudyReport(
        name(),
        report.title() + " under " + placement,
        report.paperClaim(),
        report.table(),
        plots,
        notes);
  }
}
