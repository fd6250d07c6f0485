/**
 * What a person sees on the terminal while a command runs: progress bars and their log form for
 * pipes ({@code Progress}, {@code ProgressLog}, {@code TrainingProgress}, {@code StudyBars}), the
 * emulated cluster's live view ({@code EmulatorView}), the controller's operator log, the heap
 * meter of {@code bench-trace}, and warnings held back until a command goes on ({@code
 * HeldWarnings}).
 */
package dl2.console;
