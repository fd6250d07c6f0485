package dl2.learning;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicySettings;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.Param;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.Policy;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.policy.ReferenceDecisions;
import dl2.learning.policy.StartOfSlotBundle;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The placed encoding on the fast path (kept window re-encoded where each task changed it, cached
 * columns, single precision) decides as the plain loop (a fresh observation each decision, double
 * precision), over whole simulations: the kinds of node, masks and features agree on both paths.
 */
class PlacedFastPathTest {
  @ParameterizedTest
  @CsvSource({"paper-small, GREEDY", "paper-small, SAMPLED", "paper-testbed, GREEDY"})
  void thePlacedFastPathDecidesAsTheReferencePath(String presetName, Decoding decoding) {
    Preset preset = Presets.byName(presetName);
    PolicySettings settings = PolicySettings.defaults(preset).withWindow(12).withHidden(16, 2)
        .withEncoding(StateEncoding.PLACED, true).withNetwork(PolicyNetwork.POOLED_EMBEDDINGS);
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
    Policy reference = observation -> {
      referenceDecisions[0]++;
      return MaskedSoftmax.probabilities(network.forward(observation.state()), observation.mask(),
          new double[observation.mask().length]);
    };
    Observer observer = settings.observer(config.taskCap());
    ReferenceDecisions plain = new ReferenceDecisions(observer, reference);
    MeasuredSpeeds speeds = new MeasuredSpeeds();
    Rng referenceRng = new Rng(77);
    Scheduler referenceScheduler = new Scheduler() {
      @Override
      public String name() {
        return "dl2";
      }

      @Override
      public void schedule(SlotContext cluster) {
        observer.startSlot(speeds, cluster);
        SlotContext slot = observer.place(cluster);
        StartOfSlotBundle.apply(slot);
        plain.run(slot, decoding, referenceRng);
        observer.endSlot(speeds, slot);
      }
    };
    SimulationResult expected = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(referenceScheduler);
    PolicyScheduler fast = new PolicyScheduler("dl2", settings.observer(config.taskCap()), new NeuralPolicy(network),
        decoding, true, 77);
    SimulationResult actual = new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(fast);
    assertThat(referenceDecisions[0]).as("decisions").isGreaterThan(30);
    assertThat(actual.jobs()).isEqualTo(expected.jobs());
    assertThat(actual.slots()).isEqualTo(expected.slots());
  }
}
