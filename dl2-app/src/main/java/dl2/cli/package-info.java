/**
 * The dl2 command line (picocli): one class per command, which parses its options, builds a config,
 * calls the code that does the work ({@code dl2.evaluation}, {@code dl2.training}, the studies, the
 * controller) and prints; option mixins shared by commands; and the terminal's progress bars and
 * logs. The only package that imports picocli.
 */
package dl2.cli;
