package dl2.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.ClusterSpec;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.world.ExactWorld;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.WorldFixtures;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulator in the realistic world: placements reach the world, dry runs see isolated curves.
 * The unit model computes 1 s/sample and communicates 1 s/sample; with T = 115 s a resnet-50 job
 * alone does 0.5 epochs per slot.
 */
class RealisticSimulationTest {
  /**
   * λ = 0.25, every co-located throughput 0.5 (each foreign task adds 1 to the communication
   * factor), no spreads.
   */
  private static SimulationConfig config() {
    return new SimulationConfig(ClusterSpec.ofNodes(3), 4, WorldFixtures.SLOT_SECONDS, 0, 100)
        .withWorld(new RealisticWorld(WorldFixtures.parameters(0.25, 0.5)));
  }

  /** Job 1: worker on node 0, PS on node 1. Job 2: a bundle on node 0. */
  private static final Scheduler FIXED =
      new Scheduler() {
        @Override
        public String name() {
          return "fixed";
        }

        @Override
        public void schedule(SlotContext slot) {
          for (JobView job : slot.jobs()) {
            if (job.id() == 1) {
              slot.tryAddOn(0, job, Task.WORKER);
              slot.tryAddOn(1, job, Task.PS);
            } else {
              slot.tryAddOn(0, job, Task.BUNDLE);
            }
          }
        }
      };

  @Test
  void jobsSharingANodeProgressAsTheWorldSays() {
    // Job 2's pair is local (π = 0.25) and job 1's worker is a foreign task on node 0 (I = 2):
    // 1/(1 + 0.25·2) = 2/3 epochs per slot; E = 1 → slot 0 gives 2/3, slot 1 the last 1/3 at φ =
    // 0.5, JCT 1.5.
    // Job 1 meets job 2's two tasks on node 0 (I = 3): 1/(1 + 3) = 0.25 in slots 0 and 1, then
    // alone 0.5
    // in slot 2 (job 2 is gone): 0.25 + 0.25 + 0.5 = E = 1 exactly at the end of slot 2, JCT 3.
    Trace trace =
        new Trace(
            "hand",
            List.of(
                JobSpec.exact(1, JobType.RESNET_50, 0, 1),
                JobSpec.exact(2, JobType.RESNET_50, 0, 1)));
    SimulationResult result = new Simulator(config(), trace, WorldFixtures.UNIT, 1).run(FIXED);
    assertThat(result.jobs()).extracting(JobResult::jct).containsExactly(3.0, 1.5);
  }

  @Test
  void dryRunsSeeTheJobsIsolatedCurve() {
    Trace trace =
        new Trace(
            "hand",
            List.of(
                JobSpec.exact(1, JobType.RESNET_50, 0, 1),
                JobSpec.exact(2, JobType.RESNET_50, 0, 1)));
    SlotContext slot = new Simulator(config(), trace, WorldFixtures.UNIT, 1).beginSlot();
    FIXED.schedule(slot);
    assertThat(slot.dryRunEpochsPerSlot(slot.jobs().get(0), 1, 1)).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void presetsCarryTheirWorld() {
    assertThat(SimulationConfig.of(Presets.PAPER_DENSE).world()).isSameAs(ExactWorld.INSTANCE);
    assertThat(SimulationConfig.of(Presets.PAPER_DENSE_REALISTIC).world())
        .isSameAs(RealisticWorld.calibrated());
    assertThat(Presets.PAPER_DENSE_REALISTIC.name()).isEqualTo("paper-dense-realistic");
    assertThat(Presets.PAPER_DENSE_REALISTIC.withWorld(dl2.workload.WorldKind.DEFAULT))
        .isEqualTo(Presets.PAPER_DENSE);
  }

  @Test
  void aRestoredRealisticSimulationFinishesExactlyAsTheOriginal() {
    SimulationConfig realistic =
        SimulationConfig.of(Presets.PAPER_TESTBED).withWorld(RealisticWorld.calibrated());
    Trace trace =
        new Trace(
            "t",
            List.of(
                JobSpec.exact(1, JobType.RESNET_50, 0, 3000),
                JobSpec.exact(2, JobType.DSSM, 1, 9000),
                JobSpec.exact(3, JobType.VGG_16, 2, 800)));
    Scheduler bundles = new SimFixtures.OneBundleEach();
    Simulator original = new Simulator(realistic, trace, FittedOptimusSpeed.INSTANCE, 5);
    for (int i = 0; i < 3; i++) {
      bundles.schedule(original.beginSlot());
      original.endSlot();
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    original.writeState(out);
    out.flush();
    Simulator restored = new Simulator(realistic, trace, FittedOptimusSpeed.INSTANCE, 5);
    restored.readState(new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "mem"));
    assertThat(restored.run(bundles)).isEqualTo(original.run(bundles));
  }
}
