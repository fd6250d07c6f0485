package dl2.learning.env;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.speeds.OracleSpeeds;
import dl2.learning.speeds.SpeedEstimate;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.Simulator;
import dl2.simulation.SlotOutcome;
import dl2.slot.Scheduler;

/**
 * DL2's environment: a simulated cluster seen as the policy sees a live one, the one way the
 * trainers touch the world (as every Stable-Baselines3 algorithm touches it through {@code
 * env.step}). {@link #reset} opens a trace; each {@link #step} is one slot: the slot begins, a
 * scheduler plays it (DL2's slot step, {@code PolicyScheduler}, or a teacher's), and the slot ends
 * with what the cluster observed of it ({@link SlotOutcome}): each running job's measured progress,
 * the slot reward, and how many jobs were outstanding, whose negative sum over a run is its total
 * time in the system (dl2-spec §7.5's "uncompleted jobs").
 */
public final class SlotEnvironment {
  private final SimulatedClusters clusters;
  private Simulator simulator;

  public SlotEnvironment(SimulatedClusters clusters) {
    this.clusters = clusters;
  }

  /** Starts a run of {@code trace}; {@code seed} drives the world's randomness. */
  public void reset(Trace trace, long seed) {
    simulator = clusters.open(trace, seed);
  }

  /** Whether a run was started. */
  public boolean started() {
    return simulator != null;
  }

  /** Whether there is no run to step: none was started, or every job of its trace has completed. */
  public boolean done() {
    return simulator == null || simulator.finished();
  }

  /** Plays one slot with {@code scheduler}; returns what the cluster observed of it. */
  public SlotOutcome step(Scheduler scheduler) {
    scheduler.schedule(simulator.beginSlot());
    return simulator.endSlot();
  }

  /**
   * The run's true speeds, for a reward named as an oracle (clusters opened with the speed oracle
   * only).
   */
  public SpeedEstimate oracleSpeeds() {
    return OracleSpeeds.of(simulator);
  }

  /** Saves the run between two slots (see {@link Simulator#writeState}). */
  public void writeState(StateWriter out) {
    simulator.writeState(out);
  }

  /** Continues the run just {@link #reset} from a state saved by {@link #writeState}. */
  public void readState(StateReader in) {
    simulator.readState(in);
  }
}
