package dl2.learning.state;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.observer;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.lengths.LengthBelief;
import dl2.lengths.LengthPosterior;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.workload.LengthError;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ObserverTest {
  @Test
  void theWindowHoldsTheOldestJobsByArrivalThenId() {
    Simulator sim =
        simulator(
            4,
            2,
            job(3, JobType.DSSM, 0, 100),
            job(1, JobType.VGG_16, 1, 100),
            job(2, JobType.WLM, 0, 100));
    sim.beginSlot();
    sim.endSlot();
    SlotContext slot = sim.beginSlot();
    Observation obs = observer(2, 2).observe(slot.jobs(), slot.slot(), null);
    assertThat(Arrays.stream(obs.columns()).map(JobView::id)).containsExactly(2, 3);
  }

  @Test
  void originalStateIsSixRowsOfRawValuesRowMajor() {
    Simulator sim = simulator(4, 2, job(1, JobType.VGG_16, 0, 100), job(2, JobType.DSSM, 0, 50));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(slot.jobs().get(1), Task.BUNDLE);
    double[] s = observer(3, 2).observe(slot.jobs(), slot.slot(), null).state();
    // 4 nodes = 32 cores, 8 GPUs; a dssm bundle takes 4 cores and no GPU: dom = 4/32.
    assertThat(s).containsExactly(2, 7, 0, 0, 0, 0, 1, 1, 0, 0, 0.125, 0, 0, 1, 0, 0, 1, 0);
  }

  @Test
  void paperStateHasOneHotTypesThenFiveRows() {
    Simulator sim = simulator(4, 16, job(1, JobType.SEQ2SEQ, 0, 100));
    SlotContext slot = sim.beginSlot();
    double[] s =
        new Observer(StateEncoding.PAPER.create(2, 16, 30000, false), 16)
            .observe(slot.jobs(), 0, null)
            .state();
    assertThat(s).hasSize(26);
    assertThat(s[4]).isEqualTo(1); // column 0, type 5 at index 0·8 + 4
    assertThat(s[16 + 2]).isEqualTo(100); // remaining epochs of column 0
    assertThat(Arrays.stream(s).sum()).isEqualTo(101);
  }

  /**
   * Under estimated lengths the state reads the posterior expected total length, not the estimate:
   * prior {10, 100}, log-Laplace error of scale 1, estimate 100 at no progress: (100·1 + 10·0.1) /
   * 1.1 = 91.818… remaining epochs (dl2.lengths.LengthPosteriorTest).
   */
  @Test
  void paperStateReadsTheBelievedLength() {
    Simulator sim = simulator(4, 16, job(1, JobType.SEQ2SEQ, 0, 100));
    SlotContext slot = sim.beginSlot();
    LengthPosterior posterior =
        new LengthPosterior(
            new double[] {10, 100}, new LengthError(LengthError.Kind.LOG_LAPLACE, 1));
    double[] s =
        new Observer(
                StateEncoding.PAPER.create(2, 16, 30000, false),
                16,
                LengthBelief.posterior(posterior))
            .observe(slot.jobs(), 0, null)
            .state();
    assertThat(s[16 + 2]).isCloseTo(101 / 1.1, within(1e-9));
    assertThat(Arrays.stream(s).sum()).isCloseTo(1 + 101 / 1.1, within(1e-9));
  }

  @Test
  void masksFollowTheCapAndEmptyColumnsAndNeverTheStop() {
    Simulator sim = simulator(4, 1, job(1, JobType.RESNET_50, 0, 100));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(slot.jobs().get(0), Task.WORKER);
    boolean[] mask = observer(2, 1).observe(slot.jobs(), 0, null).mask();
    assertThat(mask).containsExactly(false, true, false, false, false, false, true);
  }

  @Test
  void masksAndTheWindowFollowEachJobsOwnCaps() {
    Simulator sim =
        simulator(
            4,
            4,
            job(1, JobType.RESNET_50, 0, 100).withCaps(1, 4),
            job(2, JobType.WLM, 0, 100).withCaps(1, 1));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(slot.jobs().get(0), Task.WORKER);
    slot.tryAdd(slot.jobs().get(1), Task.BUNDLE);
    Observation obs = observer(2, 4).observe(slot.jobs(), 0, null);
    assertThat(obs.columns()[0].id()).isEqualTo(1);
    assertThat(obs.columns()[1]).as("job 2 is at both its own caps").isNull();
    assertThat(obs.mask()).containsExactly(false, true, false, false, false, false, true);
  }

  @Test
  void jobsAtTheCapInBothRolesLeaveTheWindow() {
    Simulator sim = simulator(4, 1, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.WLM, 0, 100));
    SlotContext slot = sim.beginSlot();
    slot.tryAdd(slot.jobs().get(0), Task.BUNDLE);
    Observation obs = observer(2, 1).observe(slot.jobs(), 0, null);
    assertThat(obs.columns()[0].id()).isEqualTo(2);
    assertThat(obs.columns()[1]).isNull();
  }

  @Test
  void shuffledColumnsArePermutationsDrawnFromTheStream() {
    Simulator sim = simulator(4, 2, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.WLM, 0, 100));
    SlotContext slot = sim.beginSlot();
    Observer observer = observer(5, 2);
    Observation a = observer.observe(slot.jobs(), 0, new Rng(7));
    Observation b = observer.observe(slot.jobs(), 0, new Rng(7));
    assertThat(a.state()).containsExactly(b.state());
    assertThat(Arrays.stream(a.columns()).filter(j -> j != null).map(JobView::id))
        .containsExactlyInAnyOrder(1, 2);
  }
}
