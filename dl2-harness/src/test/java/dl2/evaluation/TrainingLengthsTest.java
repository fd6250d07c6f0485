package dl2.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.run.RunBudget;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.LengthError;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A training run sees the traces it validates on as compare shows the same traces to dl2. */
class TrainingLengthsTest {
  private static final Preset PRESET = Presets.byName("paper-testbed");
  private static final long SEED = 42;
  private static final LengthSetting ESTIMATED =
      new LengthSetting(LengthKnowledge.ESTIMATED, LengthError.CALIBRATED);

  private static RunBudget budget(LengthSetting lengths) {
    return new RunBudget(PRESET, SEED, 10, 5, 3, 4, 1, lengths);
  }

  @Test
  void exactLengthsLeaveEveryTraceAsGenerated() {
    RunBudget exact = budget(LengthSetting.EXACT);
    assertThat(exact.validationSet()).isEqualTo(TraceSets.validation(PRESET, SEED, 3));
    assertThat(exact.trainingSet(1)).isEqualTo(TraceSets.training(PRESET, SEED, 1, 4));
    assertThat(exact.lengthPrior()).isEmpty();
  }

  @Test
  void estimatedValidationTracesMatchComparesOnTheValidationSet() {
    List<Trace> trained = budget(ESTIMATED).validationSet();
    List<Trace> compared =
        Evaluation.generated(
                PRESET,
                SimulationConfig.of(PRESET),
                FittedOptimusSpeed.INSTANCE,
                SEED,
                TraceSet.VALIDATION,
                3,
                SchedulerCatalog.baselines(0))
            .withLengths(ESTIMATED)
            .traces()
            .stream()
            .map(TraceInput::trace)
            .toList();
    assertThat(trained).isEqualTo(compared);
    // the estimates differ from the truth, which the simulator still completes jobs on
    JobSpec first = trained.get(0).jobs().get(0);
    assertThat(first.epochs()).isNotEqualTo(first.realEpochs());
    assertThat(first.realEpochs())
        .isEqualTo(TraceSets.validation(PRESET, SEED, 3).get(0).jobs().get(0).realEpochs());
  }

  @Test
  void unknownLengthsHideEveryEstimateAndBelieveThePrior() {
    RunBudget unknown = budget(new LengthSetting(LengthKnowledge.UNKNOWN, LengthError.CALIBRATED));
    for (Trace trace : unknown.trainingSet(0)) {
      assertThat(trace.jobs()).allMatch(job -> Double.isNaN(job.epochs()));
    }
    assertThat(unknown.lengthPrior()).isPresent();
  }
}
