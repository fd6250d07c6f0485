/**
 * DL2's state and action space: the window of the J oldest outstanding jobs not at their caps
 * ({@code Observer}, kept across a slot's decisions by {@code SlotWindow}), its encoding into the
 * policy's input ({@code StateEncoder}, with the original, paper and observed layouts of
 * {@code StateEncoding}; {@code ObservedFeatures} for the observed one), and the 3J + 1 actions
 * with their mask ({@code ActionSpace}, {@code Observation}).
 */
package dl2.learning.state;
