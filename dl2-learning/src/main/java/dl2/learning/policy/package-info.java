/**
 * DL2's policy and its slot step. {@code Policy} gives the masked behaviour distribution of a state
 * ({@code NeuralPolicy} over the network, with the incremental {@code PooledSession} for pooled
 * embeddings); {@code PolicyScheduler} is DL2's one slot step as a {@code dl2.slot.Scheduler} (the
 * encoding's per-slot memory, the starvation guard's {@code StartOfSlotBundle}, then the
 * decisions), for simulation, validation, training and a live cluster alike; {@code SlotDecisions}
 * runs a slot's decisions, each picked by an {@code ActionChooser} (a {@code Decoding}, or
 * exploration) and told to a {@code DecisionListener}, and {@code ReferenceDecisions} is the plain
 * loop it is tested against.
 */
package dl2.learning.policy;
