package dl2.bench;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.policy.ActionChooser;
import dl2.learning.policy.DecisionListener;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.policy.ReferenceDecisions;
import dl2.learning.policy.SlotDecisions;
import dl2.learning.policy.StartOfSlotBundle;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One paper-large slot of greedy DL2 decisions (after the start-of-slot bundle), the same slot at
 * every invocation, reached by DL2's slot step ({@link PolicyScheduler}): on the fast path (the
 * {@code dl2} scheduler's code) and on the reference path (window rebuilt and the double-precision
 * network at every decision). Sampled times (medians and percentiles), which a busy machine's
 * preemptions distort less than means.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class SlotBenchmarks {
  /** Slots run before the timed one, so that the cluster is busy. */
  private static final int SLOT = 30;

  /** A pooled-embeddings policy file to time instead of random weights (empty: random). */
  @Param("")
  public String pooledPolicy;

  @Param({"fast", "reference"})
  public String path;

  private SimulationConfig config;
  private byte[] before;
  private SlotDecisions fast;
  private ReferenceDecisions reference;
  private SlotContext slot;
  private ActionChooser greedy;

  @Setup
  public void setUp() {
    PolicySettings settings =
        BenchFixtures.settingsOf(PolicyNetwork.POOLED_EMBEDDINGS, pooledPolicy);
    Mlp network = BenchFixtures.network(PolicyNetwork.POOLED_EMBEDDINGS, pooledPolicy);
    config = SimulationConfig.of(BenchFixtures.PRESET);
    Observer observer = settings.observer(config.taskCap());
    fast = new SlotDecisions(observer, new NeuralPolicy(network));
    reference =
        new ReferenceDecisions(
            settings.observer(config.taskCap()),
            observation ->
                MaskedSoftmax.probabilities(
                    network.forward(observation.state()),
                    observation.mask(),
                    new double[observation.mask().length]));
    Simulator simulator = simulator();
    ActionChooser warm = Decoding.GREEDY.chooser(new Rng(4));
    PolicyScheduler step =
        new PolicyScheduler(
            "dl2",
            observer,
            slot -> fast.run(slot, warm, DecisionListener.NONE),
            true,
            new MeasuredSpeeds());
    for (int s = 0; s < SLOT; s++) {
      step.schedule(simulator.beginSlot());
      simulator.endSlot();
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    simulator.writeState(out);
    out.flush();
    before = bytes.toByteArray();
  }

  private Simulator simulator() {
    return new Simulator(config, BenchFixtures.trace(), FittedOptimusSpeed.INSTANCE, 1);
  }

  @Setup(Level.Invocation)
  public void restoreSlot() {
    Simulator simulator = simulator();
    simulator.readState(new StateReader(new ByteArrayInputStream(before), "benchmark"));
    slot = simulator.beginSlot();
    StartOfSlotBundle.apply(slot);
    greedy = Decoding.GREEDY.chooser(new Rng(5));
  }

  @Benchmark
  public SlotContext oneSlot() {
    if (path.equals("fast")) {
      fast.run(slot, greedy, DecisionListener.NONE);
    } else {
      reference.run(slot, greedy, DecisionListener.NONE);
    }
    return slot;
  }
}
