package dl2.bench;

import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.Param;
import dl2.learning.policy.ActionChooser;
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
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Networks and states for the benchmarks: paper-large (J = 40), the shipped recipe's 2 × 64 layers,
 * paper encoding.
 */
final class BenchFixtures {
  static final Preset PRESET = Presets.PAPER_LARGE;

  private BenchFixtures() {}

  /** The settings of a {@code network} policy for paper-large as the shipped recipe builds it. */
  static PolicySettings settings(PolicyNetwork network) {
    return PolicySettings.defaults(PRESET)
        .withHidden(64, 2)
        .withEncoding(StateEncoding.PAPER, true)
        .withNetwork(network);
  }

  /**
   * The policy in {@code file}, or (empty path) a network of {@code network}'s kind with uniform
   * random weights in ±0.3.
   */
  static Mlp network(PolicyNetwork network, String file) {
    if (!file.isEmpty()) {
      return PolicyFile.load(Path.of(file)).policy().network();
    }
    Mlp mlp = new Mlp(settings(network).policySpec(), new Rng(1));
    Rng rng = new Rng(2);
    for (Param p : mlp.params()) {
      for (int i = 0; i < p.size(); i++) {
        p.value()[i] = 0.3 * rng.nextSymmetric();
      }
    }
    return mlp;
  }

  static PolicySettings settingsOf(PolicyNetwork network, String file) {
    return file.isEmpty() ? settings(network) : PolicyFile.load(Path.of(file)).settings();
  }

  static Trace trace() {
    return TraceSets.test(PRESET, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
  }

  /**
   * The first {@code count} states the policy sees scheduling a paper-large test trace greedily.
   */
  static List<double[]> states(PolicySettings settings, Mlp network, int count) {
    List<double[]> states = new ArrayList<>();
    NeuralPolicy inner = new NeuralPolicy(network);
    Policy recording =
        observation -> {
          if (states.size() < count) {
            states.add(observation.state());
          }
          return inner.actionProbabilities(observation);
        };
    SimulationConfig config = SimulationConfig.of(PRESET);
    Observer observer = settings.observer(config.taskCap());
    ReferenceDecisions decisions = new ReferenceDecisions(observer, recording);
    ActionChooser greedy = Decoding.GREEDY.chooser(new Rng(3));
    PolicyScheduler step =
        new PolicyScheduler(
            "dl2",
            observer,
            slot -> decisions.run(slot, greedy, DecisionListener.NONE),
            true,
            new MeasuredSpeeds());
    Simulator simulator = new Simulator(config, trace(), FittedOptimusSpeed.INSTANCE, 1);
    while (!simulator.finished() && states.size() < count) {
      step.schedule(simulator.beginSlot());
      simulator.endSlot();
    }
    return states;
  }

  /** The state of {@code states} with the most non-empty columns (all J of them on paper-large). */
  static double[] fullest(PolicySettings settings, List<double[]> states) {
    double[] best = states.get(0);
    int bestColumns = -1;
    for (double[] state : states) {
      int columns = columns(settings, state).length;
      if (columns > bestColumns) {
        best = state;
        bestColumns = columns;
      }
    }
    return best;
  }

  /** The F features of each non-empty column of {@code state}, in column order. */
  static double[][] columns(PolicySettings settings, double[] state) {
    var encoder = settings.encoder();
    var layout = encoder.layout();
    List<double[]> columns = new ArrayList<>();
    for (int c = 0; c < encoder.window(); c++) {
      double[] f = new double[encoder.featuresPerColumn()];
      boolean any = false;
      for (int k = 0; k < f.length; k++) {
        f[k] = state[layout.index(c, k)];
        any |= f[k] != 0;
      }
      if (any) {
        columns.add(f);
      }
    }
    return columns.toArray(double[][]::new);
  }
}
