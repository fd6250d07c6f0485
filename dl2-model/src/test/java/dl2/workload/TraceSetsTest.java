package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Trace;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * dl2-spec §4.6: validation, training and test traces come from disjoint seeds of one base seed.
 */
class TraceSetsTest {
  @Test
  void validationTrainingAndTestSeedsAreDisjoint() {
    for (long base : new long[] {TraceSets.DEFAULT_BASE_SEED, 0, 1}) {
      Set<Long> validation = new HashSet<>();
      Set<Long> test = new HashSet<>();
      Set<Long> training = new HashSet<>();
      for (int i = 0; i < 10; i++) {
        validation.add(TraceSets.seed(base, TraceSet.VALIDATION, 0, i));
        test.add(TraceSets.seed(base, TraceSet.TEST, 0, i));
      }
      for (int agent = 0; agent < 5; agent++) {
        for (int i = 0; i < 100; i++) {
          training.add(TraceSets.seed(base, TraceSet.TRAINING, agent, i));
        }
      }
      assertThat(validation)
          .hasSize(10)
          .doesNotContainAnyElementsOf(training)
          .doesNotContainAnyElementsOf(test);
      assertThat(training).hasSize(500).doesNotContainAnyElementsOf(test);
    }
  }

  @Test
  void validationTracesAreNamedAndReproducible() {
    Preset preset = Presets.PAPER_TESTBED;
    List<Trace> first = TraceSets.validation(preset, 9973, 3);
    TraceSets.training(preset, 9973, 1, 2);
    assertThat(TraceSets.validation(preset, 9973, 3)).isEqualTo(first);
    assertThat(first).extracting(Trace::name).containsExactly("val-0", "val-1", "val-2");
    assertThat(TraceSets.training(preset, 9973, 1, 2))
        .extracting(Trace::name)
        .containsExactly("train-a1-0", "train-a1-1");
  }

  @Test
  void validationAndTrainingTracesDiffer() {
    Preset preset = Presets.PAPER_SMALL;
    Trace validation = TraceSets.validation(preset, 9973, 1).get(0);
    Trace training = TraceSets.training(preset, 9973, 0, 1).get(0);
    assertThat(training.jobs()).isNotEqualTo(validation.jobs());
  }
}
