package dl2.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 traces}: the public traces that convert, bench-trace, calibrate-world and real-traces
 * read (docs/traces.md).
 */
@Command(
    name = "traces",
    mixinStandardHelpOptions = true,
    subcommands = {TracesFetchCommand.class, TracesWhereCommand.class},
    description =
        "Get the public traces (Pollux, Gavel, Tiresias, ElasticFlow) from their upstream repositories at pinned "
            + "commits, and show where dl2 finds them.")
final class TracesCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing subcommand; choose fetch or where (see dl2 traces --help)");
  }
}
