package dl2.simulation.world;

import dl2.io.InputException;
import dl2.speed.SpeedModel;
import dl2.speed.SplitSpeedModel;

/**
 * The realistic world (docs/realistic-world.md): per-job speed variation, placement, co-location
 * interference and slot-to-slot fluctuation around the fitted speed curves, with parameters fixed
 * from public measurements. Needs a {@link SplitSpeedModel} (the fitted default).
 */
public final class RealisticWorld implements World {
  private final WorldParameters parameters;

  public RealisticWorld(WorldParameters parameters) {
    this.parameters = parameters;
  }

  /** The world with the committed parameters ({@link WorldParametersJson#COMMITTED_RESOURCE}). */
  public static RealisticWorld calibrated() {
    return Committed.WORLD;
  }

  public WorldParameters parameters() {
    return parameters;
  }

  @Override
  public String name() {
    return "realistic";
  }

  @Override
  public WorldRun start(SpeedModel speed, int slotSeconds, double speedNoise, long seed) {
    if (!(speed instanceof SplitSpeedModel split)) {
      throw new InputException(
          "the realistic world scales each job's compute and communication separately, which the "
              + speed.name()
              + " speed model does not give; use the fitted default (leave out --speed-table)");
    }
    return new RealisticRun(parameters, split, slotSeconds, speedNoise, seed);
  }

  @Override
  public String toString() {
    return name();
  }

  /** Loaded on first use. */
  private static final class Committed {
    static final RealisticWorld WORLD = new RealisticWorld(WorldParametersJson.committed());
  }
}
