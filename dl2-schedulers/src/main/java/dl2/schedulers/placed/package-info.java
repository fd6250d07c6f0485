/**
 * The interference-aware greedy ({@code IaGreedy}, one slot's run in {@code IaGreedySlot}): Optimus
 * that names each task's node, from speeds it fits to what it measures ({@code MeasuredWorld},
 * {@code PlacedSpeedFit}, {@code InterferenceEstimate}, {@code LocalityEstimate}), or from the
 * simulator's placed dry runs when it is an oracle ({@code PlacedDryRuns}).
 */
package dl2.schedulers.placed;
