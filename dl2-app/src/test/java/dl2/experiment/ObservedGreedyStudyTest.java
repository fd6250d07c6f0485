package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The study shows the shipped ia-greedy-multistep once among the candidates it was chosen from, and
 * names every diagnostic that reads the world as an oracle.
 */
class ObservedGreedyStudyTest {
  @Test
  void theShippedRuleIsACandidateOnceAndEveryDiagnosticIsAnOracle() {
    List<String> labels =
        ObservedGreedyStudy.candidates().stream()
            .map(ObservedGreedyStudy.Candidate::label)
            .toList();
    assertThat(labels.stream().filter(l -> l.contains("(shipped")))
        .containsExactly(
            "profile (8,2)(2,2)(2,3), pooled prior after 3 per type, weight 0.5, jobs within 8.0"
                + " slots (shipped ia-greedy-multistep)");
    assertThat(labels.stream().filter(l -> l.contains("given") || l.contains("speed")))
        .allMatch(l -> l.startsWith("oracle: "))
        .hasSize(6);
    assertThat(labels).doesNotHaveDuplicates();
  }

  @Test
  void aQuickRunComparesTheRuleBeforeTheShippedOneAndTheDiagnosticThatClosesTheGap() {
    assertThat(ObservedGreedyStudy.quickCandidates().stream().map(c -> c.label()))
        .hasSize(3)
        .anyMatch(l -> l.contains("(shipped"))
        .anyMatch(l -> l.endsWith(" before)"))
        .contains("oracle: speeds of unknown jobs, no profiling");
  }
}
