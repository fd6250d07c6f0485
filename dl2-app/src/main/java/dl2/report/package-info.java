/** Results of evaluation runs, their JSON formats and text tables. No picocli here. */
package dl2.report;
