package dl2.schedulers.solver;

import dl2.slot.JobView;

/**
 * What an optimiser gives one job for a slot: {@code workers} workers on nodes of GPU type {@code
 * type} (an index of {@link GpuTypeCapacity}; {@link #ANY_TYPE} for a job whose workers use no GPU)
 * and {@code parameterServers} PSs on any node.
 */
public record TypedAllocation(JobView job, int type, int parameterServers, int workers) {
  /** The type of a job whose workers use no GPU: they may go to any node. */
  public static final int ANY_TYPE = -1;
}
