/**
 * Results of evaluation runs and the reports made from them: the {@code results.json}, job and
 * slot CSV formats, text tables, the paired-bootstrap comparisons, and the self-contained HTML
 * report with its hand-written SVG charts ({@code ReportBuilder}, {@code Svg}, the figures). No
 * picocli here.
 */
package dl2.report;
