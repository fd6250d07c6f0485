package dl2.cli;

import dl2.io.OutputPaths;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** Where a training command writes its run: the "Output" section. */
final class OutputOptions {
  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Output directory (new or empty; see --force). Required.")
  Path out;

  @Option(names = "--force", description = "Replace an earlier run in --out (otherwise refused).")
  boolean force;

  /**
   * --out, which the command needs (picocli enforces no "required" inside a help section), checked
   * before any work: a directory it can write, or "-" (a shard's output to stdout).
   */
  Path out(CommandSpec spec) {
    if (out == null) {
      throw new ParameterException(spec.commandLine(), "Missing required option: '--out=DIR'");
    }
    if (!out.toString().equals("-")) {
      OutputPaths.checkDirectory("--out", out);
    }
    return out;
  }
}
