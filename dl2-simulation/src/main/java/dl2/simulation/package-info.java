/**
 * The exact time-slotted simulator: {@code Simulator} admits a trace's arrivals, lets a scheduler
 * allocate each slot through a {@code ClusterSlot}, trains every running job by its {@code
 * JobLedger} and records completions. {@code SimulatedClusters} opens simulations for learning code
 * without handing it the speed model, {@code BatchRunner} runs many traces in parallel with results
 * independent of the thread count, and {@code StarvationWatch} stops a run whose scheduler lets no
 * job train. The lower bounds on average JCT live in {@code dl2.bounds}.
 */
package dl2.simulation;
