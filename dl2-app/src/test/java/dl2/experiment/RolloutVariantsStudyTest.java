package dl2.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.placement.FewestNodes;
import dl2.placement.LeastLoaded;
import dl2.schedulers.rollout.RolloutConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The settings hold the shipped one exactly once and the one without candidates (which is its
 * base), so the study always shows both; it runs under fewest-nodes unless --placement names
 * another.
 */
class RolloutVariantsStudyTest {
  @Test
  void theShippedSettingIsACandidateOnceAndLast() {
    List<RolloutConfig> candidates = RolloutVariantsStudy.candidates();
    assertThat(candidates)
        .hasSize(16)
        .doesNotHaveDuplicates()
        .filteredOn(RolloutConfig.SHIPPED::equals)
        .hasSize(1);
    assertThat(candidates.get(candidates.size() - 1)).isEqualTo(RolloutConfig.SHIPPED);
    assertThat(candidates).contains(new RolloutConfig(10, 0, 0, 0, List.of()));
  }

  @Test
  void itsOwnPlacementIsFewestNodes() {
    Study study = new RolloutVariantsStudy();
    assertThat(study.placement()).isEqualTo(FewestNodes.NAME);
    assertThat(Studies.placed(List.of(study), List.of(FewestNodes.NAME, LeastLoaded.NAME)))
        .extracting(Study::name)
        .containsExactly("rollout-variants", "rollout-variants@least-loaded");
  }
}
