/**
 * DL2's policy and its decision loop. {@code Policy} gives the masked behaviour distribution of a
 * state ({@code NeuralPolicy} over the network, with the incremental {@code PooledSession} for
 * pooled embeddings); {@code SlotDecisions} runs a slot's decisions after the starvation guard's
 * {@code StartOfSlotBundle}, and {@code ReferenceDecisions} is the plain loop it is tested
 * against. {@code PolicyScheduler} turns any policy into a {@code dl2.slot.Scheduler}, for
 * simulation, validation and a live cluster alike.
 */
package dl2.learning.policy;
