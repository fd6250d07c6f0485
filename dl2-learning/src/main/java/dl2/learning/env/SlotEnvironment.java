package dl2.learning.env;

import dl2.learning.policy.ActionChooser;
import dl2.learning.policy.DecisionListener;
import dl2.learning.policy.Policy;
import dl2.learning.policy.SlotDecisions;
import dl2.learning.policy.StartOfSlotBundle;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.Observer;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;

/**
 * DL2's environment: a simulated cluster seen as the policy sees a live one. {@link #reset}
 * opens a trace; each {@link #step} is one slot, exactly as the {@code dl2} scheduler plays it
 * (the observed encoding learns speeds from the slot's start, the starvation guard's bundles,
 * then the policy's decisions until it stops), and reports what the cluster observed: how many
 * jobs were outstanding during the slot, whose negative sum over a run is its total time in the
 * system, the JCT-aligned reward (dl2-spec §7.5's "uncompleted jobs").
 */
public final class SlotEnvironment {
  private final SimulatedClusters clusters;
  private final Observer observer;
  private final SlotDecisions decisions;
  private final boolean startOfSlotBundle;
  private final SpeedMemory memory;
  private Simulator simulator;
  private MeasuredSpeeds speeds;

  /** An environment for {@code policy}, observed by {@code observer}; every run's speeds start from {@code memory}. */
  public SlotEnvironment(SimulatedClusters clusters, Observer observer, Policy policy, boolean startOfSlotBundle,
      SpeedMemory memory) {
    this.clusters = clusters;
    this.observer = observer;
    this.decisions = new SlotDecisions(observer, policy);
    this.startOfSlotBundle = startOfSlotBundle;
    this.memory = memory;
  }

  /** Starts a run of {@code trace}; {@code seed} drives the world's randomness. */
  public void reset(Trace trace, long seed) {
    simulator = clusters.open(trace, seed);
    speeds = new MeasuredSpeeds(memory);
  }

  /** Whether every job of the trace has completed. */
  public boolean done() {
    return simulator.finished();
  }

  /** The current slot's number. */
  public int slot() {
    return simulator.slot();
  }

  /**
   * Plays one slot, each action chosen by {@code chooser} and reported to {@code listener};
   * returns the jobs outstanding during it.
   */
  public int step(ActionChooser chooser, DecisionListener listener) {
    SlotContext cluster = simulator.beginSlot();
    int outstanding = cluster.jobs().size();
    observer.startSlot(speeds, cluster);
    SlotContext slot = observer.place(cluster); // the placed encoding's record of where tasks go
    if (startOfSlotBundle) {
      StartOfSlotBundle.apply(slot);
    }
    decisions.run(slot, chooser, listener);
    observer.endSlot(speeds, slot);
    simulator.endSlot();
    return outstanding;
  }

  /** The finished run's result. */
  public SimulationResult result() {
    return simulator.result();
  }
}
