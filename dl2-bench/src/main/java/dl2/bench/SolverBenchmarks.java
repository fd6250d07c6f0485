package dl2.bench;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
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
 * One slot of an optimiser over GPU types (docs/heuristics/gavel-and-sia.md) on gavel-dense's first
 * test trace, after {@link #SLOT} slots of the same optimiser, so that the cluster is busy: Gavel's
 * two LPs and rounding, or the Sia-like ILP, and the placement. Each invocation starts a fresh
 * scheduler on the same slot (the LP and the ILP do not depend on its history but for Sia's restart
 * factor). Sampled times, as {@link SlotBenchmarks}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class SolverBenchmarks {
  /** Slots run before the timed one. */
  private static final int SLOT = 40;

  @Param({"gavel-max-min-oracle", "gavel-min-jct-oracle", "sia-oracle"})
  public String scheduler;

  private SimulationConfig config;
  private byte[] before;
  private SlotContext slot;
  private Scheduler fresh;

  @Setup
  public void setUp() {
    config = SimulationConfig.of(Presets.GAVEL_DENSE);
    Simulator simulator = simulator();
    Scheduler warm = Schedulers.baseline(scheduler);
    for (int s = 0; s < SLOT; s++) {
      warm.schedule(simulator.beginSlot());
      simulator.endSlot();
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    simulator.writeState(out);
    out.flush();
    before = bytes.toByteArray();
  }

  private Simulator simulator() {
    return new Simulator(
        config,
        TraceSets.test(Presets.GAVEL_DENSE, TraceSets.DEFAULT_BASE_SEED, 1).get(0),
        FittedOptimusSpeed.INSTANCE,
        1);
  }

  @Setup(Level.Invocation)
  public void restoreSlot() {
    Simulator simulator = simulator();
    simulator.readState(new StateReader(new ByteArrayInputStream(before), "benchmark"));
    slot = simulator.beginSlot();
    fresh = Schedulers.baseline(scheduler);
  }

  @Benchmark
  public SlotContext oneSlot() {
    fresh.schedule(slot);
    return slot;
  }
}
