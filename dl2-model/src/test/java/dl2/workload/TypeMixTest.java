package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.JobSpec;
import dl2.model.JobType;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TypeMixTest {
  private static final Set<JobType> HELD_OUT = Set.of(JobType.VGG_16, JobType.DSSM);
  private static final WorkloadConfig BASE = WorkloadConfig.paper(10, 3000, 30000);

  @Test
  void allTypesChangesNothing() {
    assertThat(new PaperWorkload(BASE.withTypeMix(TypeMix.ALL)).jobs(5))
        .isEqualTo(new PaperWorkload(BASE).jobs(5));
  }

  @Test
  void trainingTracesHoldNoHeldOutTypeAndKeepEveryArrivalAndLength() {
    List<JobSpec> plain = new PaperWorkload(BASE).jobs(5);
    List<JobSpec> without = new PaperWorkload(BASE.withTypeMix(TypeMix.without(HELD_OUT))).jobs(5);
    assertThat(without).extracting(JobSpec::type).doesNotContainAnyElementsOf(HELD_OUT);
    assertThat(without)
        .extracting(JobSpec::arrivalSlot)
        .isEqualTo(plain.stream().map(JobSpec::arrivalSlot).toList());
    assertThat(without)
        .extracting(JobSpec::epochs)
        .isEqualTo(plain.stream().map(JobSpec::epochs).toList());
    for (int i = 0; i < plain.size(); i++) {
      if (!HELD_OUT.contains(plain.get(i).type())) {
        assertThat(without.get(i).type()).isEqualTo(plain.get(i).type());
      }
    }
  }

  @Test
  void evaluationTracesGiveAboutAThirdOfTheJobsToTheHeldOutTypes() {
    List<JobSpec> jobs =
        new PaperWorkload(BASE.withTypeMix(new TypeMix(HELD_OUT, 1.0 / 3))).jobs(7);
    long held = jobs.stream().filter(j -> HELD_OUT.contains(j.type())).count();
    assertThat((double) held / jobs.size()).isBetween(0.30, 0.37);
    assertThat(jobs).extracting(JobSpec::type).contains(JobType.VGG_16, JobType.DSSM);
    assertThat(new PaperWorkload(BASE.withTypeMix(new TypeMix(HELD_OUT, 1.0 / 3))).jobs(7))
        .isEqualTo(jobs);
  }

  @Test
  void nonsenseIsRefused() {
    assertThatThrownBy(() -> new TypeMix(Set.of(JobType.values()), 0))
        .hasMessageContaining("every type");
    assertThatThrownBy(() -> new TypeMix(HELD_OUT, 1.5)).hasMessageContaining("[0, 1]");
    assertThatThrownBy(() -> new TypeMix(Set.of(), 0.5)).hasMessageContaining("held-out types");
  }
}
