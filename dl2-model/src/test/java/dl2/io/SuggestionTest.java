package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionTest {
  @Test
  void distancesCountedByHand() {
    assertThat(Suggestion.distance("compare", "compare")).isZero();
    assertThat(Suggestion.distance("comprae", "compare")).isEqualTo(1); // one swap
    assertThat(Suggestion.distance("paper-dnse", "paper-dense")).isEqualTo(1); // one insertion
    assertThat(Suggestion.distance("drf", "fifo")).isEqualTo(3); // d→f, r→i, f→f, +o
    assertThat(Suggestion.distance("", "abc")).isEqualTo(3);
  }

  @Test
  void suggestsTheClosestValidNameWithinAThirdOfItsLength() {
    List<String> schedulers = List.of("drf", "fifo", "optimus", "optimus-remaining", "tiresias");

    assertThat(Suggestion.didYouMean("optimus-remainig", schedulers))
        .isEqualTo(" (did you mean 'optimus-remaining'?)");
    assertThat(Suggestion.closest("Tiresias", schedulers)).contains("tiresias");
    assertThat(Suggestion.closest("xyz", schedulers))
        .isEmpty(); // 3 edits from drf: too far for 3 letters
    assertThat(Suggestion.closest("drf", schedulers)).isEmpty(); // already valid
    assertThat(Suggestion.didYouMean("", schedulers)).isEmpty();
  }

  @Test
  void theFirstOfEquallyCloseNamesWins() {
    assertThat(Suggestion.closest("ab", List.of("abc", "abd"))).contains("abc");
    assertThat(Suggestion.closest("ab", List.of("abd", "abc"))).contains("abd");
  }
}
