package dl2.learning;

import dl2.learning.nn.FrozenMlp;
import dl2.learning.nn.Mlp;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.Simulator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Measures a policy's latency by scheduling real traces: warm-up traces first (JIT), then timed
 * ones. A benchmark, not a test: numbers depend on the machine.
 */
public final class PolicyLatency {
  private static final int FORWARD_REPEATS = 5;

  private PolicyLatency() {}

  public static LatencyReport measure(PolicySettings settings, Mlp network, SimulatedClusters clusters,
      List<Trace> warmup, List<Trace> timed) {
    for (Trace trace : warmup) {
      runTimed(settings, network, clusters, trace, new Samples(), new Samples(), new Samples(), new ArrayList<>());
    }
    Samples decisions = new Samples();
    Samples slots = new Samples();
    Samples decisionsPerSlot = new Samples();
    List<double[]> states = new ArrayList<>();
    for (Trace trace : timed) {
      runTimed(settings, network, clusters, trace, decisions, slots, decisionsPerSlot, states);
    }
    FrozenMlp frozen = new FrozenMlp(network);
    Samples fast = new Samples();
    Samples reference = new Samples();
    for (int r = 0; r < FORWARD_REPEATS; r++) {
      for (double[] s : states) {
        long t0 = System.nanoTime();
        frozen.forward(s);
        long t1 = System.nanoTime();
        network.forward(s);
        long t2 = System.nanoTime();
        fast.add(t1 - t0);
        reference.add(t2 - t1);
      }
    }
    return new LatencyReport(states.size(), fast.quantile(0.5), reference.quantile(0.5), decisions.quantile(0.5),
        decisions.quantile(0.99), slots.size(), decisionsPerSlot.quantile(0.5), slots.quantile(0.5), slots.quantile(0.99));
  }

  private static void runTimed(PolicySettings settings, Mlp network, SimulatedClusters clusters, Trace trace,
      Samples decisions, Samples slots, Samples decisionsPerSlot, List<double[]> states) {
    NeuralPolicy inner = new NeuralPolicy(network);
    long[] count = {0};
    Policy timing = observation -> {
      long t0 = System.nanoTime();
      double[] q = inner.actionProbabilities(observation);
      decisions.add(System.nanoTime() - t0);
      if (states.size() < 20_000) {
        states.add(observation.state());
      }
      count[0]++;
      return q;
    };
    PolicyScheduler scheduler = new PolicyScheduler("dl2", settings.observer(clusters.config().taskCap()), timing, Decoding.GREEDY,
        settings.startOfSlotBundle(), new Rng(1).nextLong());
    Simulator simulator = clusters.open(trace, 1);
    while (!simulator.finished()) {
      count[0] = 0;
      var slot = simulator.beginSlot();
      long t0 = System.nanoTime();
      scheduler.schedule(slot);
      slots.add(System.nanoTime() - t0);
      decisionsPerSlot.add(count[0]);
      simulator.endSlot();
    }
  }

  /** A growable list of nanosecond samples. */
  private static final class Samples {
    private long[] values = new long[1024];
    private int size;

    void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    int size() {
      return size;
    }

    double quantile(double q) {
      if (size == 0) {
        return Double.NaN;
      }
      long[] sorted = Arrays.copyOf(values, size);
      Arrays.sort(sorted);
      return sorted[Math.min(size - 1, (int) Math.floor(q * size))];
    }
  }
}
