package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The candidates hold each shipped greedy exactly once, so the study always shows the shipped
 * numbers beside what they were chosen from.
 */
class StrongerGreedyStudyTest {
  @Test
  void eachShippedGreedyIsACandidateOnce() {
    List<String> labels =
        Stream.concat(
                StrongerGreedyStudy.defaultWorldCandidates().stream(),
                StrongerGreedyStudy.realisticCandidates().stream())
            .map(StrongerGreedyStudy.Candidate::label)
            .toList();
    assertThat(labels.stream().filter(l -> l.contains("(shipped")))
        .containsExactly(
            "optimus-last-slot (shipped)",
            "ia-greedy k=1 (shipped ia-greedy)",
            "ia-greedy-oracle k=1 (shipped ia-greedy-oracle)",
            "ia-greedy-oracle k=4, last slot (shipped ia-greedy-multistep-oracle)");
    assertThat(labels)
        .as("ia-greedy-multistep measures with a pooled prior: its steps, not the whole rule")
        .contains("ia-greedy k=4, last slot (ia-greedy-multistep's steps, every job profiled)");
  }
}
