package dl2.latency;

import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.FrozenMlp;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.policy.ActionChooser;
import dl2.learning.policy.DecisionListener;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.Policy;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.policy.PolicySession;
import dl2.learning.policy.PooledSession;
import dl2.learning.policy.ReferenceDecisions;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.learning.state.SlotWindow;
import dl2.learning.state.StateEncoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.workload.Preset;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures a policy's latency by scheduling real traces greedily, on the fast path (kept window,
 * policy session, the {@code dl2} scheduler's code) and on the reference path ({@link
 * ReferenceDecisions} on the double-precision trainable network), trace by trace in the same run:
 * warm-up traces first (JIT), then timed ones. A decision is one turn of the loop (observe, score,
 * pick, allocate); a slot is DL2's whole slot step ({@link PolicyScheduler}: the encoding's
 * per-slot work, the start-of-slot bundle and every decision), as a cluster pays for it. A second
 * policy's fast path may be timed on the same traces in turn ("against"), so that two policies
 * compare under the same load. A benchmark, not a test: numbers depend on the machine.
 */
public final class PolicyLatency {
  private static final int FORWARD_REPEATS = 5;
  private static final int MAX_STATES = 20_000;

  private PolicyLatency() {}

  /**
   * A policy to time: its settings and network; a policy with the observed or placed encoding fits
   * its speeds to each trace's measurements from {@code memory}, as the {@code dl2} scheduler does,
   * and that fit counts in the slot's time.
   */
  public record Subject(PolicySettings settings, Mlp network, SpeedMemory memory) {
    /** A policy file's settings, network and speed memory. */
    public static Subject of(PolicyFile file) {
      return new Subject(file.settings(), file.policy().network(), file.speeds());
    }

    /**
     * An untrained network (seed 1): for the original and paper encodings the paper's 2 × 256 over
     * the preset's window, for the others the observed recipe's pooled embeddings, the placed
     * encoding with a column per kind of node for each of its jobs.
     */
    public static Subject untrained(Preset preset, StateEncoding encoding) {
      PolicySettings settings;
      if (encoding == StateEncoding.ORIGINAL || encoding == StateEncoding.PAPER) {
        settings = PolicySettings.defaults(preset).withEncoding(encoding, true);
      } else {
        PolicySettings recipe = TrainingRecipe.OBSERVED.policy(preset);
        settings =
            recipe
                .withWindow(recipe.window() * encoding.columnsPerJob())
                .withEncoding(encoding, true);
      }
      return new Subject(settings, new Mlp(settings.policySpec(), new Rng(1)), SpeedMemory.EMPTY);
    }
  }

  /**
   * Latency of {@code policy} on {@code timed} after {@code warmup}, and of {@code against}'s fast
   * path (null: none).
   */
  public static LatencyReport measure(
      Subject policy,
      Subject against,
      SimulatedClusters clusters,
      List<Trace> warmup,
      List<Trace> timed) {
    PolicySettings settings = policy.settings();
    Mlp network = policy.network();
    SpeedMemory memory = policy.memory();
    SlotClock fast = new SlotClock();
    SlotClock reference = new SlotClock();
    SlotClock againstFast = new SlotClock();
    List<double[]> states = new ArrayList<>();
    for (Trace trace : warmup) {
      runFast(settings, network, memory, clusters, trace, new SlotClock());
      runReference(settings, network, memory, clusters, trace, new SlotClock(), new ArrayList<>());
      if (against != null) {
        runFast(
            against.settings(),
            against.network(),
            against.memory(),
            clusters,
            trace,
            new SlotClock());
      }
    }
    for (Trace trace : timed) {
      runFast(settings, network, memory, clusters, trace, fast);
      runReference(settings, network, memory, clusters, trace, reference, states);
      if (against != null) {
        runFast(
            against.settings(), against.network(), against.memory(), clusters, trace, againstFast);
      }
    }
    FrozenMlp frozen = new FrozenMlp(network);
    Samples frozenForward = new Samples();
    Samples trainableForward = new Samples();
    for (int r = 0; r < FORWARD_REPEATS; r++) {
      for (double[] s : states) {
        long t0 = System.nanoTime();
        frozen.forward(s);
        long t1 = System.nanoTime();
        network.forward(s);
        long t2 = System.nanoTime();
        frozenForward.add(t1 - t0);
        trainableForward.add(t2 - t1);
      }
    }
    return new LatencyReport(
        states.size(),
        frozenForward.quantile(0.5),
        trainableForward.quantile(0.5),
        fast.paths(),
        reference.paths(),
        fast.exactDecisions,
        against == null ? null : againstFast.paths());
  }

  private static void runFast(
      PolicySettings settings,
      Mlp network,
      SpeedMemory memory,
      SimulatedClusters clusters,
      Trace trace,
      SlotClock clock) {
    NeuralPolicy inner = new NeuralPolicy(network);
    Policy timed =
        new Policy() {
          @Override
          public double[] actionProbabilities(Observation observation) {
            return inner.actionProbabilities(observation);
          }

          @Override
          public PolicySession session(SlotWindow window) {
            PolicySession session = inner.session(window);
            if (session instanceof PooledSession pooled) {
              clock.pooled.add(pooled);
            }
            return new TimedSession(session, clock);
          }
        };
    Observer observer = settings.observer(clusters.config().taskCap());
    run(
        clusters,
        trace,
        clock,
        new PolicyScheduler(
            "dl2",
            observer,
            timed,
            Decoding.GREEDY.chooser(new Rng(1)),
            DecisionListener.NONE,
            settings.startOfSlotBundle(),
            new MeasuredSpeeds(memory)));
    clock.pooled.forEach(p -> clock.exactDecisions += p.exactDecisions());
    clock.pooled.clear();
  }

  private static void runReference(
      PolicySettings settings,
      Mlp network,
      SpeedMemory memory,
      SimulatedClusters clusters,
      Trace trace,
      SlotClock clock,
      List<double[]> states) {
    Policy timed =
        observation -> {
          clock.decision();
          if (states.size() < MAX_STATES) {
            states.add(observation.state());
          }
          return MaskedSoftmax.probabilities(
              network.forward(observation.state()),
              observation.mask(),
              new double[observation.mask().length]);
        };
    Observer observer = settings.observer(clusters.config().taskCap());
    ReferenceDecisions decisions = new ReferenceDecisions(observer, timed);
    ActionChooser greedy = Decoding.GREEDY.chooser(new Rng(1));
    run(
        clusters,
        trace,
        clock,
        new PolicyScheduler(
            "dl2",
            observer,
            slot -> decisions.run(slot, greedy, DecisionListener.NONE),
            settings.startOfSlotBundle(),
            new MeasuredSpeeds(memory)));
  }

  /** Plays {@code trace} with {@code step}, timing each slot's step. */
  private static void run(
      SimulatedClusters clusters, Trace trace, SlotClock clock, Scheduler step) {
    Simulator simulator = clusters.open(trace, 1);
    while (!simulator.finished()) {
      SlotContext slot = simulator.beginSlot();
      clock.startSlot();
      step.schedule(slot);
      clock.endSlot();
      simulator.endSlot();
    }
  }
}
