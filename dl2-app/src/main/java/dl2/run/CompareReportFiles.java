package dl2.run;

import dl2.io.AtomicFiles;
import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.output.RunOutput;
import dl2.report.Comparison;
import dl2.report.ComparisonReport;
import dl2.report.LowerBounds;
import dl2.report.ReportBuilder;
import dl2.report.ResultsJson;
import dl2.report.RunCsv;
import dl2.report.SchedulerRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dl2 compare --out DIR}: results.json, the per-job and per-slot CSVs and the HTML report,
 * replacing DIR whole.
 */
public final class CompareReportFiles {
  public static final String RESULTS_FILE = "results.json";

  private CompareReportFiles() {}

  public static void write(
      Path outDir,
      RunOutput output,
      Comparison comparison,
      List<SchedulerRun> runs,
      LowerBounds bounds,
      Optional<PolicyFile> policy,
      Optional<Path> policyPath,
      ComparisonReport.Extras extras) {
    ObjectNode tree =
        ResultsJson.withCapacityBound(
            ResultsJson.withLowerBound(ResultsJson.comparison(comparison), bounds.noContention()),
            bounds,
            comparison);
    policy.ifPresent(
        p ->
            tree.putObject("dl2_policy")
                .put("file", policyPath.orElseThrow().toString())
                .put("training", p.training().provenance())
                .put("reward", p.training().reward())
                .put("oracle_trained", p.training().usesOracle()));
    String json = ResultsJson.toJson(tree);
    ReportBuilder report = ComparisonReport.build(comparison, extras, RESULTS_FILE);
    try {
      DirectorySwap.replace(
          outDir,
          List.of(),
          staging -> {
            AtomicFiles.writeString(staging.resolve(RESULTS_FILE), json);
            RunCsv.writeInto(runs, staging);
            report.write(staging);
            output.markIn(staging);
          });
    } catch (IOException e) {
      throw new InputException(
          "cannot write the report into " + outDir + ": " + OutputPaths.reason(e));
    }
  }
}
