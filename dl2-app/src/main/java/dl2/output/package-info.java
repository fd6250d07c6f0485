/**
 * The output directories of long commands: {@code RunOutput} claims a directory before any work,
 * locked against other commands for the whole run ({@code OutputLock}, an operating-system lock
 * that ends with the process) and refused when it holds another command's output ({@code
 * OutputMarker}). No picocli here, so the rules are tested without the command line.
 */
package dl2.output;
