package dl2.slot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.EpochRateSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingCostTest {
  /** 1 epoch per slot per worker, whatever the PSs: easy to compute by hand. */
  private static final EpochRateSpeed ONE_PER_WORKER =
      new EpochRateSpeed((type, ps, workers) -> workers);

  @Test
  void hotScalingChargesEachPsAddedOrRemoved() {
    ScalingCost hot = ScalingCost.hot(0.1);
    assertThat(hot.lostFraction(4, 2, 4, 5, true, 1200))
        .isEqualTo(0.3 / 1200, org.assertj.core.data.Offset.offset(1e-15));
    assertThat(hot.lostFraction(4, 5, 8, 2, true, 1200))
        .isEqualTo(0.3 / 1200, org.assertj.core.data.Offset.offset(1e-15));
    assertThat(hot.lostFraction(1, 1, 6, 1, true, 1200)).as("workers join for free").isZero();
  }

  @Test
  void restartChargesAnyChangeOfAJobThatHasRunButNotItsFirstStart() {
    ScalingCost restart = ScalingCost.restart(300);
    assertThat(restart.lostFraction(2, 1, 3, 1, true, 1200)).isEqualTo(0.25);
    assertThat(restart.lostFraction(2, 1, 2, 1, true, 1200)).isZero();
    assertThat(restart.lostFraction(0, 0, 2, 1, false, 1200)).isZero();
    assertThat(restart.lostFraction(0, 0, 2, 1, true, 1200))
        .as("resuming from a checkpoint")
        .isEqualTo(0.25);
    assertThat(ScalingCost.restart(5000).lostFraction(1, 1, 2, 2, true, 1200)).isEqualTo(1.0);
    assertThat(ScalingCost.NONE.lostFraction(1, 1, 2, 2, true, 1200)).isZero();
  }

  @Test
  void badCostsAreRejected() {
    assertThatThrownBy(() -> ScalingCost.restart(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ScalingCost.hot(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * One job of 10 epochs: slot 0 one bundle (1 epoch, first start free), slot 1 two bundles with a
   * restart of a quarter slot (2 × 0.75 = 1.5 epochs), slot 2 unchanged (2 epochs), and so on.
   */
  @Test
  void theSimulatorDeductsTheLostTimeFromTheSlotAndTheCompletionTime() {
    SimulationConfig config =
        new SimulationConfig(ClusterSpec.ofNodes(4), 16, 1200, 0, 100)
            .withScalingCost(ScalingCost.restart(300));
    Trace trace = new Trace("t", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 3.5)));
    Simulator simulator = new Simulator(config, trace, ONE_PER_WORKER, 0);
    assertThat(slot(simulator, 1)).isEqualTo(1.0);
    assertThat(slot(simulator, 2)).isEqualTo(1.5);
    // Slot 2 shrinks to 1 bundle: a quarter lost, so 0.75 of the 1 epoch left.
    assertThat(slot(simulator, 1)).isEqualTo(0.75);
    // Slot 3 unchanged: 0.25 epochs left at 1 per slot, finished a quarter into the slot.
    assertThat(slot(simulator, 1)).isEqualTo(0.25);
    SimulationResult result = simulator.result();
    assertThat(result.jobs().get(0).completionTime()).isEqualTo(2.25);
    assertThat(result.averageJct()).isEqualTo(3.25);
  }

  @Test
  void withoutACostNothingChanges() {
    Trace trace = new Trace("t", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, 3.5)));
    SimulationConfig config = new SimulationConfig(ClusterSpec.ofNodes(4), 16, 1200, 0, 100);
    Simulator simulator = new Simulator(config, trace, ONE_PER_WORKER, 0);
    assertThat(slot(simulator, 1)).isEqualTo(1.0);
    assertThat(slot(simulator, 2)).isEqualTo(2.0);
    assertThat(slot(simulator, 1)).isEqualTo(0.5);
    assertThat(simulator.result().jobs().get(0).completionTime()).isEqualTo(1.5);
  }

  private static double slot(Simulator simulator, int bundles) {
    SlotContext context = simulator.beginSlot();
    for (int i = 0; i < bundles; i++) {
      assertThat(context.tryAdd(context.jobs().get(0), Task.BUNDLE)).isTrue();
    }
    return simulator.endSlot().progress().get(0).epochsDone();
  }
}
