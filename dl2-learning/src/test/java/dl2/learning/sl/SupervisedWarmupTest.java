package dl2.learning.sl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.run.RunBudget;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SupervisedWarmupTest {
  @TempDir Path dir;

  /** paper-testbed with a small network, a small replay and few traces: seconds, not minutes. */
  private static SupervisedConfig tiny(int threads) {
    Preset preset = Presets.PAPER_TESTBED;
    return new SupervisedConfig(
        new RunBudget(preset, 5, 60, 20, 3, 20, threads),
        "drf",
        PolicySettings.defaults(preset).withHidden(32, 2),
        0.005,
        64,
        256,
        false,
        Labels.DEFAULTS);
  }

  @Test
  void theSameSeedGivesABitIdenticalCheckpointWhateverTheThreadCount() throws Exception {
    new SupervisedWarmup(tiny(1), SupervisedListener.NONE).run(dir.resolve("a"));
    new SupervisedWarmup(tiny(2), SupervisedListener.NONE).run(dir.resolve("b"));
    for (String file : List.of("best.policy", "final.policy", "learning-curve.csv")) {
      assertThat(Files.readAllBytes(dir.resolve("a").resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(file)));
    }
  }

  @Test
  void theCurveHasOneRowPerValidationAndTheLossFalls() {
    List<ValidationPoint> curve =
        new SupervisedWarmup(tiny(1), SupervisedListener.NONE).run(dir.resolve("c"));
    assertThat(curve).extracting(ValidationPoint::step).containsExactly(20L, 40L, 60L);
    assertThat(curve)
        .allSatisfy(
            p -> {
              assertThat(p.teacherJct()).isPositive();
              assertThat(p.greedyJct()).isPositive();
              assertThat(p.accuracy()).isBetween(0.0, 1.0);
            });
    assertThat(curve.get(2).trainLoss()).isLessThan(curve.get(0).trainLoss());
  }

  @Test
  void theFinalPolicyRecordsItsStepAndTeacher() {
    new SupervisedWarmup(tiny(1), SupervisedListener.NONE).run(dir.resolve("d"));
    PolicyFile file = PolicyFile.load(dir.resolve("d").resolve("final.policy"));
    assertThat(file.training().step()).isEqualTo(60);
    assertThat(file.training().teacher()).isEqualTo("drf");
    assertThat(file.training().phase()).isEqualTo("sl");
  }
}
