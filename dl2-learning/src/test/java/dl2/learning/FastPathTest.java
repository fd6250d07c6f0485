package dl2.learning;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicySettings;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.Param;
import dl2.learning.policy.DecisionListener;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.Policy;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.policy.ReferenceDecisions;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The pooled-embeddings fast path (kept window, cached columns, single precision, argmax without
 * softmax) makes the same decisions as the plain loop on the double-precision network, over whole
 * simulations. With the placed encoding the fast path re-encodes its kept window only where each
 * task changed it, while the plain loop builds a fresh observation each decision: the kinds of
 * node, masks and features agree on both paths; with the typed encoding, its global features too.
 */
class FastPathTest {
  @ParameterizedTest
  @CsvSource({
    "paper-small, GREEDY, PAPER",
    "paper-small, SAMPLED, PAPER",
    "paper-dense, GREEDY, PAPER",
    "paper-dense, SAMPLED, PAPER",
    "paper-testbed, GREEDY, PAPER",
    "paper-testbed, SAMPLED, PAPER",
    "paper-small, GREEDY, PLACED",
    "paper-small, SAMPLED, PLACED",
    "paper-testbed, GREEDY, PLACED",
    "a100t4-dense, GREEDY, TYPED"
  })
  void theFastPathDecidesAsTheReferencePath(
      String presetName, Decoding decoding, StateEncoding encoding) {
    Preset preset = Presets.byName(presetName);
    boolean placed = encoding == StateEncoding.PLACED || encoding == StateEncoding.TYPED;
    PolicySettings defaults = PolicySettings.defaults(preset);
    PolicySettings settings =
        (placed ? defaults.withWindow(12) : defaults)
            .withHidden(16, 2)
            .withEncoding(encoding, true)
            .withNetwork(PolicyNetwork.POOLED_EMBEDDINGS);
    Mlp network = new Mlp(settings.policySpec(), new Rng(3));
    Rng weights = new Rng(4);
    for (Param p : network.params()) {
      for (int i = 0; i < p.size(); i++) {
        p.value()[i] = 0.4 * weights.nextSymmetric();
      }
    }
    SimulationConfig config = SimulationConfig.of(preset);
    Trace trace = TraceSets.test(preset, 1, 1).get(0);
    int[] referenceDecisions = {0};
    Policy reference =
        observation -> {
          referenceDecisions[0]++;
          return MaskedSoftmax.probabilities(
              network.forward(observation.state()),
              observation.mask(),
              new double[observation.mask().length]);
        };
    Observer observer = settings.observer(config.taskCap());
    ReferenceDecisions plain = new ReferenceDecisions(observer, reference);
    var referenceChooser = decoding.chooser(new Rng(77));
    PolicyScheduler referenceScheduler =
        new PolicyScheduler(
            "dl2",
            observer,
            slot -> plain.run(slot, referenceChooser, DecisionListener.NONE),
            true,
            new MeasuredSpeeds());
    SimulationResult expected =
        new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(referenceScheduler);
    PolicyScheduler fast =
        new PolicyScheduler(
            "dl2",
            settings.observer(config.taskCap()),
            new NeuralPolicy(network),
            decoding.chooser(new Rng(77)),
            DecisionListener.NONE,
            true,
            new MeasuredSpeeds());
    SimulationResult actual =
        new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(fast);
    assertThat(referenceDecisions[0]).as("decisions").isGreaterThan(30);
    assertThat(actual.jobs()).isEqualTo(expected.jobs());
    assertThat(actual.slots()).isEqualTo(expected.slots());
    assertThat(List.of(actual.averageJct())).isEqualTo(List.of(expected.averageJct()));
  }
}
