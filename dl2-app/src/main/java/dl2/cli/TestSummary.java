package dl2.cli;

import dl2.learning.rl.TestEvaluation;
import java.util.Locale;
import java.util.Map;

/** The test-trace lines {@code dl2 train} prints at its end: both checkpoints and the references, with ratios. */
final class TestSummary {
  private TestSummary() {}

  static String render(TestEvaluation.Result r) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "test traces (%d, seed %d; never used to train or pick):%n", r.testTraces(), r.seed()));
    line(out, "best.policy  (step " + r.bestStep() + ")", r.bestTestJct(), r.references());
    line(out, "final.policy (step " + r.finalStep() + ")", r.finalTestJct(), r.references());
    r.references().forEach((name, jct) -> out.append(String.format(Locale.ROOT, "  %-26s %9.4f%n", name, jct)));
    return out.toString();
  }

  private static void line(StringBuilder out, String label, double jct, Map<String, Double> references) {
    out.append(String.format(Locale.ROOT, "  %-26s %9.4f", label, jct));
    references.forEach((name, ref) -> out.append(String.format(Locale.ROOT, "  %.3f x %s", jct / ref, name)));
    out.append(System.lineSeparator());
  }
}
