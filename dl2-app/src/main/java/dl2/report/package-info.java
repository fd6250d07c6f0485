/**
 * Results of evaluation runs and the reports made from them: the {@code results.json}, job and slot
 * CSV formats, text tables, the paired-bootstrap comparisons, and the self-contained HTML report
 * with its charts, laid out by JFreeChart and written as SVG by Batik ({@code ReportBuilder},
 * {@code ChartSvg}, the figures). No picocli here.
 */
package dl2.report;
