package dl2.learning.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.learning.file.PlayedPolicy;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.ResidualSettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.nn.Param;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The residual policy (docs/residual.md): with a large bonus a fresh network plays its base rule's
 * decisions inside DL2's slot; its fast path decides as its reference path; its base must be an
 * observation-only built-in; and its file names the base.
 */
class ResidualPolicyTest {
  private static final String RULE = Schedulers.IA_GREEDY_MULTISTEP;
  private static final Preset PRESET = Presets.PAPER_TESTBED;

  @TempDir Path dir;

  private static PolicySettings settings(double bonus, PolicyNetwork network) {
    return PolicySettings.defaults(PRESET)
        .withWindow(12)
        .withHidden(16, 2)
        .withEncoding(StateEncoding.PLACED, true)
        .withNetwork(network)
        .withResidual(new ResidualSettings(RULE, bonus));
  }

  private static Mlp network(PolicySettings settings) {
    Mlp network = new Mlp(settings.policySpec(), new Rng(3));
    Rng weights = new Rng(4);
    for (Param p : network.params()) {
      for (int i = 0; i < p.size(); i++) {
        p.value()[i] = 0.4 * weights.nextSymmetric();
      }
    }
    return network;
  }

  private static SimulationResult run(dl2.slot.Scheduler scheduler) {
    SimulationConfig config = SimulationConfig.of(PRESET);
    Trace trace = TraceSets.test(PRESET, 1, 1).get(0);
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(scheduler);
  }

  /**
   * β = 30 outweighs any logit of the fresh network (weights within ±0.4 over 16 units: logits of a
   * few units at most), so at every decision the rule's next planned increment is the argmax, and
   * once its plan is done, stop: every job runs as under the rule itself.
   */
  @Test
  void aFreshResidualWithALargeBonusPlaysItsBaseRule() {
    PolicySettings settings = settings(30, PolicyNetwork.FULLY_CONNECTED);
    int taskCap = SimulationConfig.of(PRESET).taskCap();
    Observer observer = settings.observer(taskCap);
    PolicyScheduler residual =
        new PolicyScheduler(
            "dl2",
            observer,
            PlayedPolicy.of(settings, network(settings), observer),
            Decoding.GREEDY.chooser(new Rng(1)),
            DecisionListener.NONE,
            settings.startOfSlotBundle(),
            new MeasuredSpeeds());
    SimulationResult rule = run(Schedulers.baseline(RULE));
    SimulationResult played = run(residual);
    assertThat(played.jobs()).hasSize(rule.jobs().size()).isEqualTo(rule.jobs());
  }

  /**
   * A small bonus (the network still matters) on a pooled-embeddings network: sampled decisions on
   * the fast path are the plain loop's on the double-precision network, over a whole simulation.
   */
  @Test
  void theFastPathDecidesAsTheReferencePath() {
    PolicySettings settings = settings(2, PolicyNetwork.POOLED_EMBEDDINGS);
    Mlp network = network(settings);
    int taskCap = SimulationConfig.of(PRESET).taskCap();
    Observer referenceObserver = settings.observer(taskCap);
    Policy exact =
        observation ->
            MaskedSoftmax.probabilities(
                network.forward(observation.state()),
                observation.mask(),
                new double[observation.mask().length]);
    ReferenceDecisions plain =
        new ReferenceDecisions(
            referenceObserver,
            new ResidualPolicy(exact, Schedulers.baseline(RULE), 2, referenceObserver));
    var referenceChooser = Decoding.SAMPLED.chooser(new Rng(77));
    SimulationResult expected =
        run(
            new PolicyScheduler(
                "dl2",
                referenceObserver,
                slot -> plain.run(slot, referenceChooser, DecisionListener.NONE),
                false,
                new MeasuredSpeeds()));
    Observer observer = settings.observer(taskCap);
    SimulationResult actual =
        run(
            new PolicyScheduler(
                "dl2",
                observer,
                PlayedPolicy.of(settings, network, observer),
                Decoding.SAMPLED.chooser(new Rng(77)),
                DecisionListener.NONE,
                false,
                new MeasuredSpeeds()));
    assertThat(actual.jobs()).isEqualTo(expected.jobs());
    assertThat(actual.slots()).isEqualTo(expected.slots());
  }

  @Test
  void onlyAnObservationOnlyBuiltInCanBeTheBase() {
    assertThat(ResidualSettings.refusal(RULE)).isNull();
    assertThat(ResidualSettings.refusal("ia-greedy-multistep-posterior")).isNull();
    assertThat(ResidualSettings.refusal(Schedulers.IA_GREEDY_MULTISTEP_ORACLE)).contains("oracle");
    assertThat(ResidualSettings.refusal(Schedulers.OPTIMUS)).contains("oracle");
    assertThat(ResidualSettings.refusal("lottery")).contains("built-in");
  }

  /** A base that asks the simulator's speed model is stopped at its first slot, in one line. */
  @Test
  void aBaseThatAsksDryRunsIsRefused() {
    PolicySettings settings =
        settings(6, PolicyNetwork.FULLY_CONNECTED)
            .withResidual(new ResidualSettings(Schedulers.OPTIMUS_REMAINING, 6));
    Observer observer = settings.observer(SimulationConfig.of(PRESET).taskCap());
    PolicyScheduler residual =
        new PolicyScheduler(
            "dl2",
            observer,
            PlayedPolicy.of(settings, network(settings), observer),
            Decoding.GREEDY.chooser(new Rng(1)),
            DecisionListener.NONE,
            false,
            new MeasuredSpeeds());
    assertThatThrownBy(() -> run(residual))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("optimus-remaining asks the simulator's speed model")
        .hasMessageNotContaining("\n");
  }

  /** A residual file is a v2 file naming its base; a plain one stays v1, as before. */
  @Test
  void theFileNamesTheBaseRule() {
    PolicySettings settings = settings(6, PolicyNetwork.FULLY_CONNECTED);
    Path file = dir.resolve("residual.policy");
    new PolicyFile(
            settings,
            new TrainingInfo("sl", 1, PRESET.name(), RULE, 1),
            new NetworkState("policy", network(settings), new Adam(network(settings), 0.005)),
            Optional.empty())
        .save(file);
    PolicyFile loaded = PolicyFile.load(file);
    assertThat(loaded.settings().residual()).isEqualTo(new ResidualSettings(RULE, 6));
    assertThat(loaded.settings().startOfSlotBundle()).isFalse();
    assertThat(loaded.settings().describe()).endsWith("residual on " + RULE + " (β 6.0)");
  }
}
