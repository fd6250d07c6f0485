package dl2.simulation;

import dl2.model.ClusterSpec;
import dl2.simulation.world.ExactWorld;
import dl2.simulation.world.GpuTypedWorld;
import dl2.simulation.world.World;
import dl2.slot.ScalingCost;
import dl2.workload.Preset;

/**
 * How the simulator runs a trace.
 *
 * @param cluster nodes and their capacity
 * @param taskCap C: at most C workers and C parameter servers per job
 * @param slotSeconds T, the slot length in seconds
 * @param speedNoise ε_s: each slot's progress is multiplied by (1 + ε_s·U(−1,1)) (dl2-spec §3.3)
 * @param maxSlots safety limit: abort if the trace has not finished after this many slots
 * @param scalingCost time lost by jobs whose allocation changed (none by default)
 * @param world how progress follows from allocations: the exact default or the realistic world,
 *     scaled by the GPU type of each job's slowest worker where the cluster has types other than
 *     the default ({@link GpuTypedWorld})
 */
public record SimulationConfig(
    ClusterSpec cluster,
    int taskCap,
    int slotSeconds,
    double speedNoise,
    int maxSlots,
    ScalingCost scalingCost,
    World world) {
  public static final int DEFAULT_MAX_SLOTS = 100_000;

  /** Without a scaling cost, as the simulator has always run. */
  public SimulationConfig(
      ClusterSpec cluster, int taskCap, int slotSeconds, double speedNoise, int maxSlots) {
    this(cluster, taskCap, slotSeconds, speedNoise, maxSlots, ScalingCost.NONE);
  }

  /** In the exact default world. */
  public SimulationConfig(
      ClusterSpec cluster,
      int taskCap,
      int slotSeconds,
      double speedNoise,
      int maxSlots,
      ScalingCost scalingCost) {
    this(cluster, taskCap, slotSeconds, speedNoise, maxSlots, scalingCost, ExactWorld.INSTANCE);
  }

  public SimulationConfig {
    if (scalingCost == null) {
      throw new IllegalArgumentException("scaling cost missing; use ScalingCost.NONE");
    }
    if (world == null) {
      throw new IllegalArgumentException("world missing; use ExactWorld.INSTANCE");
    }
    world = GpuTypedWorld.over(world, cluster);
    if (taskCap < 1) {
      throw new IllegalArgumentException("task cap must be at least 1: " + taskCap);
    }
    if (slotSeconds < 1) {
      throw new IllegalArgumentException("slot length must be at least 1 s: " + slotSeconds);
    }
    if (!(speedNoise >= 0 && speedNoise < 1)) {
      throw new IllegalArgumentException("speed noise must be in [0, 1): " + speedNoise);
    }
    if (maxSlots < 1) {
      throw new IllegalArgumentException("slot limit must be at least 1: " + maxSlots);
    }
  }

  /** The preset's cluster, cap, slot length and world, without noise or scaling cost. */
  public static SimulationConfig of(Preset preset) {
    return new SimulationConfig(
        preset.cluster(),
        preset.taskCap(),
        preset.slotSeconds(),
        0,
        DEFAULT_MAX_SLOTS,
        ScalingCost.NONE,
        World.of(preset.world()));
  }

  public SimulationConfig withSpeedNoise(double noise) {
    return new SimulationConfig(cluster, taskCap, slotSeconds, noise, maxSlots, scalingCost, world);
  }

  public SimulationConfig withMaxSlots(int limit) {
    return new SimulationConfig(
        cluster, taskCap, slotSeconds, speedNoise, limit, scalingCost, world);
  }

  public SimulationConfig withScalingCost(ScalingCost cost) {
    return new SimulationConfig(cluster, taskCap, slotSeconds, speedNoise, maxSlots, cost, world);
  }

  public SimulationConfig withWorld(World newWorld) {
    return new SimulationConfig(
        cluster, taskCap, slotSeconds, speedNoise, maxSlots, scalingCost, newWorld);
  }
}
