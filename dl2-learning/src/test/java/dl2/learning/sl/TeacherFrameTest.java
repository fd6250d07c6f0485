package dl2.learning.sl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicySettings;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.placement.PlacedSchedulers;
import dl2.placement.Placements;
import dl2.registry.Launch;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulatedClusters;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The frame a teacher is recorded in (train-sl --no-start-bundle): started from 0/0, the recorder
 * only watches, so the teacher schedules exactly as it does alone, and every node the multi-step
 * greedy picks is one a kind of the placed encoding would choose. Started from the 1/1
 * start-of-slot bundle (--slot-start-bundle) the same teacher schedules differently. One validation
 * trace of paper-small-realistic (base seed 9973).
 */
class TeacherFrameTest {
  private static final long SEED = 9973;
  private static final Preset PRESET = Presets.PAPER_SMALL_REALISTIC;
  private static final List<Trace> TRACES = TraceSets.validation(PRESET, SEED, 1);
  private static final SimulatedClusters CLUSTERS = SimulatedClusters.of(PRESET);

  /** The teacher alone on the trace (both tests compare with it). */
  private static final double ALONE = jct(i -> teacher());

  @Test
  void fromZeroTheRecordedTeacherSchedulesAsItDoesAloneAndEveryNodeIsLabelled() {
    long[] unlabelledAndLabelled = new long[2];
    double framed = jct(i -> framed(false, unlabelledAndLabelled));
    assertThat(framed).isEqualTo(ALONE);
    assertThat(unlabelledAndLabelled[0]).isZero();
    assertThat(unlabelledAndLabelled[1]).isPositive();
  }

  @Test
  void theStartOfSlotBundleChangesWhatTheTeacherDoes() {
    assertThat(jct(i -> framed(true, new long[2]))).isNotEqualTo(ALONE);
  }

  private static double jct(java.util.function.IntFunction<Scheduler> scheduler) {
    return BatchRunner.meanAverageJct(
        CLUSTERS.run(
            TRACES, scheduler, i -> TraceSets.simulatorSeed(SEED, TraceSet.VALIDATION, 0, i), 1));
  }

  private static Scheduler framed(boolean startBundle, long[] unlabelledAndLabelled) {
    PolicySettings settings =
        PolicySettings.defaults(PRESET)
            .withWindow(40 * StateEncoding.PLACED.columnsPerJob())
            .withEncoding(StateEncoding.PLACED, true);
    Observer observer = settings.observer(PRESET.taskCap());
    return RunPlacement.SLOT.apply(
        new TeacherSlot(false, false, startBundle, true)
            .step(
                teacher(),
                observer,
                new MeasuredSpeeds(),
                new Rng(1),
                s -> unlabelledAndLabelled[s.hasLabel() ? 1 : 0]++));
  }

  private static Scheduler teacher() {
    return PlacedSchedulers.create(
        SchedulerName.parse(Schedulers.IA_GREEDY_MULTISTEP),
        Schedulers.BUILT_IN,
        Placements.BUILT_IN,
        new Launch(0, SEED, SEED, 0));
  }
}
