/**
 * The scheduler's side of a slot, shared by the simulator, the emulated cluster and the live
 * controller. The SPI every scheduler implements and sees: {@code Scheduler}, {@code SlotContext}
 * (and the narrower {@code ObservedSlot} of learning code), {@code JobView}, {@code ClusterView}.
 * The one slot machinery behind it: {@code ClusterSlot}, the one context (least-loaded placement on
 * a {@code ClusterState} and the caps); {@code SlotJob}, the one job view; {@code JobLedger}, the
 * one carry-over and training rule; {@code ProgressMeter}, the one between-slot measurement; {@code
 * ProgressStep} and {@code ScalingCost}, the arithmetic of a slot of training.
 */
package dl2.slot;
