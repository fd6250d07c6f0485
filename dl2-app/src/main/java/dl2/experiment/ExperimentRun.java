package dl2.experiment;

import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.report.ExperimentReport;
import dl2.report.ReportBuilder;
import dl2.report.StudyReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Studies run one after the other into one output directory: each study's table goes to stdout as
 * it finishes, and the directory's report is rewritten after every study, so that a long run's
 * finished studies can be read while it continues. The report replaces the previous one whole,
 * carrying the training runs over.
 */
public final class ExperimentRun {
  private final List<Study> studies;
  private final StudyContext context;
  private final Path out;
  private final String runsDirectory;
  private final boolean quick;
  private final Consumer<Path> markStaging;

  /**
   * @param runsDirectory the sub-directory of {@code out} holding training runs, kept across
   *     rewrites
   * @param markStaging marks each new version of the directory as this command's output
   */
  public ExperimentRun(
      List<Study> studies,
      StudyContext context,
      Path out,
      String runsDirectory,
      boolean quick,
      Consumer<Path> markStaging) {
    this.studies = List.copyOf(studies);
    this.context = context;
    this.out = out;
    this.runsDirectory = runsDirectory;
    this.quick = quick;
    this.markStaging = markStaging;
  }

  /**
   * Runs every study, printing its table to {@code stdout} and its progress to {@code err}; returns
   * the index page.
   */
  public Path run(PrintWriter stdout, PrintWriter err) {
    Budget budget = context.budget();
    String heading =
        "DL2 experiments: " + String.join(", ", studies.stream().map(Study::name).toList());
    List<String> preamble =
        new ArrayList<>(
            List.of(
                "Preset "
                    + context.preset().name()
                    + ", base seed "
                    + context.seed()
                    + ", "
                    + context.validationTraces()
                    + " validation traces, "
                    + (quick ? "quick mode" : "full mode")
                    + ": "
                    + budget.rlSteps()
                    + " RL steps per training run (lr "
                    + budget.learningRate()
                    + ", validation every "
                    + budget.validateEvery()
                    + " steps), "
                    + budget.slSteps()
                    + " warm-up steps where a warm-up is used.",
                "JCTs are mean average job completion times in slots on "
                    + context.validationTraces()
                    + " test traces, which neither trained nor selected a checkpoint (a trained policy is"
                    + " its checkpoint best on as many validation traces); learning curves are on the"
                    + " validation traces; training runs are under runs/."));
    if (quick) {
      preamble.add(quickCaveat(budget));
    }
    List<StudyReport> reports = new ArrayList<>();
    Path index = null;
    for (Study study : studies) {
      err.println(
          "experiment "
              + study.name()
              + " on "
              + context.preset().name()
              + (quick ? " (quick)" : ""));
      err.flush();
      context.beginStudy(study);
      StudyReport report = study.run(context);
      reports.add(report);
      stdout.println("## " + report.title());
      stdout.print(report.table().toMarkdown());
      if (quick) {
        stdout.println();
        stdout.println("> " + quickCaveat(budget));
      }
      stdout.println();
      stdout.flush();
      index = write(heading, preamble, reports);
    }
    return index;
  }

  /**
   * What a quick run's numbers are worth: one short training run per row gives no interval, so its
   * differences may be noise.
   */
  static String quickCaveat(Budget budget) {
    return "Quick mode, a smoke test rather than a measurement: one training run of "
        + budget.rlSteps()
        + " steps per row and no interval (that would need several seeds), so a difference here"
        + " may be run-to-run noise and says nothing about the paper's figures; measure without"
        + " --quick.";
  }

  private Path write(String heading, List<String> preamble, List<StudyReport> reports) {
    try {
      DirectorySwap.replace(
          out,
          List.of(runsDirectory),
          staging -> {
            ExperimentReport.write(staging, heading, preamble, reports);
            markStaging.accept(staging);
          });
    } catch (IOException | UncheckedIOException e) {
      throw new InputException("cannot write the report into " + out + ": " + e.getMessage());
    }
    return out.resolve(ReportBuilder.INDEX);
  }
}
