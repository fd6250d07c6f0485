/**
 * The exact time-slotted simulator: {@code Simulator} admits a trace's arrivals, lets a scheduler
 * allocate each slot through a {@code ClusterSlot}, trains every running job by its {@code
 * JobLedger} and records completions. {@code SimulatedClusters} opens simulations for learning code
 * without handing it the speed model, {@code BatchRunner} runs many traces in parallel with results
 * independent of the thread count, and {@code StarvationWatch} stops a run whose scheduler lets no
 * job train. Two lower bounds on average JCT: {@code NoContentionBound}, each job alone at its best
 * (a strict bound in the default world, a reference in the realistic one), and {@code
 * CapacityBound}, at least that and at least shortest-remaining-time-first ({@code SrptFlowTime})
 * with the cluster's cores, or GPUs, as one machine, valid in both worlds.
 */
package dl2.simulation;
