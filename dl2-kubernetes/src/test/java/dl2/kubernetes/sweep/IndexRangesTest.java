package dl2.kubernetes.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The status's index sets: ranges and singles, read and written as the API does. */
class IndexRangesTest {
  @Test
  void rangesAndSinglesReadAndWriteBack() {
    assertThat(IndexRanges.parse("0-2,4,7-8")).containsExactly(0, 1, 2, 4, 7, 8);
    assertThat(IndexRanges.format(IndexRanges.parse("0-2,4,7-8"))).isEqualTo("0-2,4,7-8");
    assertThat(IndexRanges.parse(null)).isEmpty();
    assertThat(IndexRanges.parse("")).isEmpty();
    assertThat(IndexRanges.format(new TreeSet<>())).isEmpty();
    assertThat(IndexRanges.format(new TreeSet<>(java.util.List.of(3)))).isEqualTo("3");
  }
}
