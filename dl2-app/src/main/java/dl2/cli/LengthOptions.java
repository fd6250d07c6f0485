package dl2.cli;

import dl2.io.InputException;
import dl2.workload.LengthError;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import picocli.CommandLine.Option;

/** What schedulers know of job lengths (docs/job-lengths.md): part of the workload's options. */
final class LengthOptions {
  @Option(
      names = "--lengths",
      paramLabel = "WHAT",
      defaultValue = "exact",
      description =
          "What schedulers know of job lengths: exact (default), estimated (an estimate fixed at submission, "
              + "see --length-error) or unknown (none; schedulers that need lengths are refused). Jobs always "
              + "complete on their true length (docs/job-lengths.md).")
  String lengths = "exact";

  @Option(
      names = "--length-error",
      paramLabel = "ERR",
      description =
          "With --lengths estimated: calibrated (default; log-Laplace, 30%% of jobs off by more than 2x), "
              + "uniform:E, log-laplace:B, log-normal:S, or trace (the --trace files' estimated_epochs).")
  String lengthError;

  /** --lengths with --length-error, checked against each other and {@code --epoch-error}. */
  LengthSetting setting(double epochError) {
    LengthKnowledge knowledge = LengthKnowledge.byLabel(lengths);
    if (lengthError != null && knowledge != LengthKnowledge.ESTIMATED) {
      throw new InputException(
          "--length-error needs --lengths estimated (lengths are " + knowledge.label() + ")");
    }
    if (knowledge != LengthKnowledge.EXACT && epochError != 0) {
      throw new InputException(
          "--epoch-error is the paper's error model of exact-length runs; with --lengths "
              + knowledge.label()
              + " leave it out and use --length-error uniform:E");
    }
    LengthError error =
        lengthError == null ? LengthError.CALIBRATED : LengthError.parse(lengthError);
    return new LengthSetting(knowledge, error);
  }

  /** Refuses {@code setting} for generated traces, which carry no estimates of their own. */
  static LengthSetting forGenerated(LengthSetting setting) {
    if (setting.knowledge() == LengthKnowledge.ESTIMATED
        && setting.error().kind() == LengthError.Kind.TRACE) {
      throw new InputException(
          "--length-error trace reads the estimated_epochs column of --trace files; "
              + "generated traces have none");
    }
    return setting;
  }
}
