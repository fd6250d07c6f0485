/**
 * How a job's progress follows from the slot's allocations and placements: the exact default world
 * (every job on its type's speed curve, with optional speed noise) and the realistic world (per-job
 * speed variation, spreading over nodes, co-location interference, slot-to-slot fluctuation). The
 * realistic world's parameters ({@code WorldParameters}) are calibrated from public measurements
 * and committed as {@code realistic-world.json}; docs/realistic-world.md describes them. Each run
 * also gives a {@code SpeedCeiling}, the most any job can do in a slot whatever its placement (with
 * {@code LocalPairKnapsack}, the placement that helps most), for lower bounds.
 */
package dl2.simulation.world;
