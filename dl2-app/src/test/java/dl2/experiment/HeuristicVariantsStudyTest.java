package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The candidate grid holds each shipped variant exactly once, so the study always shows the shipped
 * numbers.
 */
class HeuristicVariantsStudyTest {
  @Test
  void eachShippedVariantIsACandidateOnce() {
    List<String> shipped =
        HeuristicVariantsStudy.candidates().stream()
            .map(c -> c.label())
            .filter(l -> l.endsWith("(shipped)"))
            .toList();
    assertThat(shipped).hasSize(2);
    assertThat(shipped.get(0)).startsWith("optimus-remaining gain_per_remaining_time ");
    assertThat(shipped.get(1))
        .startsWith(
            "tiresias 1w+1p → 1w+2p → 2w+4p → 2w+8p → 2w+16p → 2w+Cp; thresholds [16.0, 128.0]");
  }
}
