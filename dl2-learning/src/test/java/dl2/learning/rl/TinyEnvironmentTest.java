package dl2.learning.rl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.env.RewardMode;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicySettings;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.run.RunBudget;
import dl2.learning.state.StateEncoding;
import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import dl2.workload.WorkloadConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny environment whose optimal policy is known, solved by the real RL code from a fixed seed.
 * One resnet-50 job of 35 epochs per trace on 2 nodes (4 GPUs), cap 4. The speed model gives w
 * epochs per slot with exactly one PS and w/2 with more, so the optimum is the start bundle plus
 * three workers (1 PS, 4 workers): JCT 35/4 = 8.75 slots. Stopping at once gives 35 slots.
 */
class TinyEnvironmentTest {
  @TempDir Path dir;

  private static final SpeedModel ONE_PS_IS_BEST =
      new SpeedModel() {
        @Override
        public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
          // epochsPerSlot = f·1200/115 = w (one PS) or w/2.
          return numWorkers * (numPs == 1 ? 1.0 : 0.5) * type.epochSize() / 1200;
        }

        @Override
        public String name() {
          return "one-ps-is-best";
        }
      };

  private static final Preset TINY =
      new Preset(
          "tiny",
          ClusterSpec.ofNodes(2),
          4,
          2,
          1200,
          WorkloadConfig.paper(1, 1, 1155).withTypeRestriction(1));

  private static final SimulatedClusters CLUSTERS =
      SimulatedClusters.of(SimulationConfig.of(TINY), ONE_PS_IS_BEST);

  private static double untrainedJct(PolicySettings settings) {
    var network =
        new dl2.learning.nn.Mlp(
            settings.policySpec(),
            new dl2.model.Rng(dl2.model.Rng.derive(7, dl2.model.SeedStream.RL_POLICY_INIT)));
    var runs =
        dl2.learning.file.PolicyEvaluation.run(
            settings,
            network.parameters(),
            CLUSTERS,
            dl2.workload.TraceSets.validation(TINY, 7, 2),
            i -> i,
            dl2.learning.policy.Decoding.GREEDY,
            1,
            1);
    return dl2.simulation.BatchRunner.meanAverageJct(runs);
  }

  @Test
  void actorCriticLearnsTheOptimalAllocationFromScratch() {
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.01, GradientForm.RECOMPUTED);
    RlConfig config =
        new RlConfig(
            new RunBudget(TINY, 7, 300, 100, 2, 10, 1),
            new ActorCritic(
                1,
                3e-3,
                32,
                128,
                ReplayKind.PLAIN,
                ExplorationMode.NONE,
                update,
                RewardMode.SLOT,
                null,
                false,
                true,
                null));
    PolicySettings settings =
        new PolicySettings(
            StateEncoding.ORIGINAL,
            2,
            4,
            1155,
            true,
            List.of(32),
            false,
            true,
            PolicyNetwork.FULLY_CONNECTED);
    List<RlPoint> curve =
        new RlTrainer(config, RlListener.NONE, CLUSTERS, RunPlacement.SLOT)
            .run(settings, Optional.empty(), dir);
    assertThat(curve).extracting(RlPoint::step).containsExactly(100L, 200L, 300L);
    assertThat(untrainedJct(settings))
        .as("the untrained policy is far from optimal")
        .isGreaterThan(8.75 * 1.3);
    assertThat(curve.get(curve.size() - 1).validationJct()).isLessThanOrEqualTo(8.75 * 1.01);
  }

  @Test
  void theShippedSetupLearnsItToo() {
    // all-actions marginal reward on the shared-column network, paper encoding, no exploration
    UpdateSettings update =
        new UpdateSettings(
            ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.001, GradientForm.RECOMPUTED);
    RlConfig config =
        new RlConfig(
            new RunBudget(TINY, 7, 300, 100, 2, 10, 1),
            new ActorCritic(
                1,
                3e-3,
                32,
                128,
                ReplayKind.PLAIN,
                ExplorationMode.NONE,
                update,
                RewardMode.OBSERVED_MARGINALS,
                null,
                false,
                true,
                null));
    PolicySettings settings =
        new PolicySettings(
            StateEncoding.PAPER,
            2,
            4,
            1155,
            true,
            List.of(16),
            false,
            true,
            PolicyNetwork.SHARED_COLUMNS);
    List<RlPoint> curve =
        new RlTrainer(config, RlListener.NONE, CLUSTERS, RunPlacement.SLOT)
            .run(settings, Optional.empty(), dir);
    assertThat(untrainedJct(settings))
        .as("the untrained policy is far from optimal")
        .isGreaterThan(8.75 * 1.3);
    assertThat(curve.get(curve.size() - 1).validationJct()).isLessThanOrEqualTo(8.75 * 1.01);
  }
}
