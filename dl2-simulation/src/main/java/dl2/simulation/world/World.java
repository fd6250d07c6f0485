package dl2.simulation.world;

import dl2.io.InputException;
import dl2.speed.SpeedModel;
import dl2.workload.WorldKind;

/**
 * How a job's progress follows from the slot's allocations: the exact default world (every job of a
 * type runs on its type's speed curve, dl2-spec §3.3) or the realistic world calibrated from public
 * measurements (docs/realistic-world.md). Immutable; each simulation or emulation of a trace starts
 * its own {@link WorldRun}.
 */
public interface World {
  /** {@code default} or {@code realistic}. */
  String name();

  /**
   * One run's world. {@code seed} is the simulator's seed of the trace, so every scheduler on a
   * trace meets the same jobs; {@code speedNoise} is ε_s.
   *
   * @throws InputException if this world cannot use {@code speed}
   */
  WorldRun start(SpeedModel speed, int slotSeconds, double speedNoise, long seed);

  /** The world of that kind; the realistic one with the committed calibration. */
  static World of(WorldKind kind) {
    return switch (kind) {
      case DEFAULT -> ExactWorld.INSTANCE;
      case REALISTIC -> RealisticWorld.calibrated();
    };
  }
}
