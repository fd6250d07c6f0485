package dl2.run;

import dl2.experiment.Evaluator;
import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.TrainingInfo;
import dl2.report.LearningCurveFigure;
import dl2.report.TrainingCurve;
import dl2.schedulers.registry.Schedulers;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reference levels of a learning curve, measured on the curve's own validation traces: the
 * preset, base seed and count recorded in the policy file beside the curve, run with the seeds and
 * simulator settings training validates with.
 */
public final class CurveLevels {
  static final List<String> SCHEDULERS =
      List.of(Schedulers.DRF, Schedulers.OPTIMUS, Schedulers.OPTIMUS_FITTED);

  /**
   * {@code dl2 train}'s default validation traces, for policy files that do not record the count.
   */
  static final int DEFAULT_VALIDATION_TRACES = 10;

  private CurveLevels() {}

  public static LearningCurveFigure.Levels measure(
      TrainingCurve curve, int threads, PrintWriter err) {
    Optional<Path> policy = curve.policyBeside();
    if (policy.isEmpty()) {
      return none(
          "its validation traces (unknown: no policy file beside "
              + curve.source().getFileName()
              + " records them, so no reference levels are drawn)");
    }
    TrainingInfo info;
    try {
      info = PolicyFile.load(policy.get()).training();
    } catch (InputException e) {
      return none("its validation traces (unknown: " + e.getMessage() + ")");
    }
    Preset preset;
    try {
      preset = Presets.byName(info.preset());
    } catch (InputException e) {
      return none(
          "the validation traces of preset "
              + info.preset()
              + ", which compare cannot rebuild, so no reference levels are drawn");
    }
    int count =
        info.validationTraces() != null ? info.validationTraces() : DEFAULT_VALIDATION_TRACES;
    String description =
        "the run's "
            + count
            + " validation traces of "
            + preset.name()
            + " (base seed "
            + info.seed()
            + (info.validationTraces() != null
                ? ")"
                : "; the policy file does not record the count: train's default "
                    + count
                    + " assumed)");
    err.println(
        "measuring "
            + String.join(", ", SCHEDULERS)
            + " on the learning curve's "
            + count
            + " validation traces");
    err.flush();
    Evaluator evaluator = new Evaluator(preset, info.seed(), count, threads, 0);
    List<LearningCurveFigure.Level> levels = new ArrayList<>();
    for (String scheduler : SCHEDULERS) {
      if (Evaluator.hasBaseline(scheduler)) {
        levels.add(new LearningCurveFigure.Level(scheduler, evaluator.baseline(scheduler)));
      }
    }
    return new LearningCurveFigure.Levels(description, levels);
  }

  private static LearningCurveFigure.Levels none(String description) {
    return new LearningCurveFigure.Levels(description, List.of());
  }
}
