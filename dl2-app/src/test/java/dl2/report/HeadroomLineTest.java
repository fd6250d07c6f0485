package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The headroom line, by hand: best heuristic 14, capacity bound 13, so a headroom of 1/14. */
class HeadroomLineTest {
  private static String dl2Line(double dl2) {
    return CompareSummary.headroom(new Headroom("greedy", 14.0, 13.0, OptionalDouble.of(dl2)))
        .get(1);
  }

  @Test
  void aLearnedSchedulerBelowTheBestHeuristicClosesAShareOfTheGap() {
    // (14 − 13.5) / (14 − 13) = 50 %
    assertThat(dl2Line(13.5))
        .isEqualTo(
            "  dl2 closes 50.0 % of it: (best heuristic − dl2) / (best heuristic − capacity bound)");
  }

  @Test
  void oneAboveItIsSaidPlainlyInsteadOfANegativeShare() {
    // 14.28 / 14 − 1 = 2 %
    assertThat(dl2Line(14.28))
        .isEqualTo(
            "  dl2 is 2.00 % above the best heuristic (14.280 against 14.000), so it closes none of it");
  }
}
