/**
 * DL2's state and action space: the window of the J oldest outstanding jobs not at their caps
 * ({@code Observer}, kept across a slot's decisions by a {@code SlotWindow}), its encoding into the
 * policy's input (an {@code Encoding} per {@code StateEncoding}: {@code OriginalEncoding}, {@code
 * PaperEncoding}, {@code ObservedEncoding} with {@code ObservedFeatures}, and {@code
 * PlacedEncoding}, which knows nodes: {@code NodeKind}, {@code PlacedFeatures}, {@code
 * LastPlacement}, {@code PlacedWindow}), and {@code TypedEncoding}, its form for clusters of
 * several GPU types ({@code TypedKind}, {@code TypedFeatures}, {@code PreferredType}, {@code
 * TypedWindow}), and the 3J + 1 actions with their mask ({@code ActionSpace}, {@code Observation}).
 */
package dl2.learning.state;
