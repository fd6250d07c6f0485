/**
 * {@code Schedulers}: every built-in scheduler by name, with its traits, and the plug-ins found on
 * the given jars; the one place that knows every scheduler family.
 */
package dl2.schedulers.registry;
