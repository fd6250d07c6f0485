/**
 * The dl2 command line (picocli), and nothing else: one class per command, which parses its
 * options, checks them, and hands the work to {@code dl2.run}, {@code dl2.evaluation}, {@code
 * dl2.training} or the studies; option mixins and argument groups shared by commands; and the
 * picocli plumbing they name (converters, completion candidates, default values, help sections).
 * The only package that imports picocli; {@code ArchitectureTest} keeps everything else out.
 */
package dl2.cli;
