/**
 * Names to factories with traits, as the Kubernetes scheduler framework registers its plug-ins:
 * {@code Registry} holds the built-in schedulers ({@code dl2.schedulers.registry.Schedulers}), the
 * built-in placements ({@code dl2.placement.Placements}) and the {@code Plugin}s of your jars the
 * same way; a {@code Trait} says what a registered scheduler is (a baseline, an oracle, one that
 * places its own tasks), and a {@code Launch} is what one instance is made for.
 */
package dl2.registry;
