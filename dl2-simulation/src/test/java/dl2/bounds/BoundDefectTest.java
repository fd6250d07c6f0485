package dl2.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which traces compare reports as the bound's defect: a bound above its best schedule. */
class BoundDefectTest {
  private static CapacityBound.Totals priced(double total) {
    return new CapacityBound.Totals(4, 1, 0, 0, total);
  }

  @Test
  void boundsAtOrBelowTheirSchedulesAreNoDefect() {
    // 10 meets its schedule, 9 is below, 8 · (1 + 1e-12) is above only by rounding.
    assertThat(
            BoundDefect.find(
                "w",
                List.of("a", "b", "c"),
                List.of(priced(10), priced(9), priced(8 * (1 + 1e-12))),
                List.of(10.0, 10.0, 8.0)))
        .isEmpty();
  }

  @Test
  void theFirstTraceAboveIsNamedWithBothNumbersAndTheOthersCounted() {
    BoundDefect defect =
        BoundDefect.find(
                "paper-dense",
                List.of("a", "b", "c", "d"),
                List.of(priced(10), priced(10.5), priced(3), priced(7.01)),
                List.of(10.0, 10.0, 5.0, 7.0))
            .orElseThrow();
    assertThat(defect).isEqualTo(new BoundDefect("paper-dense", "b", 10.5, 10, 2));
    assertThat(defect.message())
        .doesNotContain("\n")
        .contains("trace b of paper-dense", "10.500000", "10.000000", "1 more traces");
  }
}
