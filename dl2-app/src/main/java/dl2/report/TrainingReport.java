package dl2.report;

import dl2.learning.rl.RlPoint;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.SchedulerName;
import dl2.training.TestEvaluation;
import dl2.training.TrainConfig;
import dl2.training.TrainingPipeline;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code dl2 train} prints at its end: the best validation point, both checkpoints (as {@code
 * dl2@PLACEMENT} under {@code --placement}) and the references on the test traces.
 */
public final class TrainingReport {
  /** The fixed references every checkpoint line gives a ratio to; the best heuristic follows. */
  private static final List<String> RATIOS_TO =
      List.of(Schedulers.DRF, Schedulers.OPTIMUS, Schedulers.OPTIMUS_FITTED);

  private TrainingReport() {}

  public static void print(
      TrainingPipeline.Outcome outcome, TrainConfig config, Path out, PrintWriter stdout) {
    RlPoint best = outcome.best();
    stdout.printf(
        Locale.ROOT,
        "best validation mean avg JCT %.4f at RL step %d (reward %s)%n",
        best.validationJct(),
        best.step(),
        outcome.test().oracle()
            ? config.objective().rewardName() + ", ORACLE-TRAINED with the simulator's true speeds"
            : config.objective().rewardName() + ", observation-only");
    stdout.print(render(outcome.test()));
    stdout.printf(
        "wrote %s, %s, %s, %s%n",
        out.resolve("best.policy"),
        out.resolve("final.policy"),
        out.resolve("rl-curve.csv"),
        out.resolve(TestEvaluation.FILE));
    stdout.flush();
  }

  static String render(TestEvaluation.Result r) {
    StringBuilder out = new StringBuilder();
    // a run under a placement is tested under it, as compare's dl2@PLACEMENT row
    String as = r.placement() == null ? "" : ", the checkpoints as " + r.policyName();
    out.append(
        String.format(
            Locale.ROOT,
            "test traces (%d, seed %d; never used to train or pick)%s:%n",
            r.testTraces(),
            r.seed(),
            as));
    line(out, "best.policy  (step " + r.bestStep() + ")", r.bestTestJct(), r.references());
    line(out, "final.policy (step " + r.finalStep() + ")", r.finalTestJct(), r.references());
    r.references()
        .forEach(
            (name, jct) -> out.append(String.format(Locale.ROOT, "  %-42s %9.4f%n", name, jct)));
    return out.toString();
  }

  /**
   * The checkpoint's JCT and its ratios to DRF, Optimus, optimus-fitted (those run) and the best
   * reference heuristic with the same information; a better oracle is named as one.
   */
  private static void line(
      StringBuilder out, String label, double jct, Map<String, Double> references) {
    out.append(String.format(Locale.ROOT, "  %-42s %9.4f", label, jct));
    for (String name : RATIOS_TO) {
      if (references.containsKey(name)) {
        out.append(String.format(Locale.ROOT, "  %.3f x %s", jct / references.get(name), name));
      }
    }
    Map.Entry<String, Double> best = best(references, false);
    out.append(
        String.format(
            Locale.ROOT, "  %.3f x best heuristic (%s)", jct / best.getValue(), best.getKey()));
    Map.Entry<String, Double> oracle = best(references, true);
    if (oracle != null && oracle.getValue() < best.getValue()) {
      out.append(
          String.format(Locale.ROOT, "  %.3f x %s", jct / oracle.getValue(), oracle.getKey()));
    }
    out.append(System.lineSeparator());
  }

  /**
   * The lowest reference among the oracles ({@code oracles}; every oracle's name ends in -oracle)
   * or among the others; null if none.
   */
  private static Map.Entry<String, Double> best(Map<String, Double> references, boolean oracles) {
    Map.Entry<String, Double> best = null;
    for (Map.Entry<String, Double> reference : references.entrySet()) {
      if (SchedulerName.parse(reference.getKey()).scheduler().endsWith("-oracle") == oracles
          && (best == null || reference.getValue() < best.getValue())) {
        best = reference;
      }
    }
    return best;
  }
}
