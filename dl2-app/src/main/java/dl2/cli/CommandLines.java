package dl2.cli;

import picocli.CommandLine.Model.CommandSpec;

/** How a running command names itself in the files it leaves (output locks and markers). */
final class CommandLines {
  private CommandLines() {}

  /** {@code dl2 COMMAND ARGS...}, shortened to one reasonable line. */
  static String of(CommandSpec spec) {
    StringBuilder line = new StringBuilder("dl2");
    var parsed = spec.commandLine().getParseResult();
    for (String arg : parsed == null ? java.util.List.of(spec.name()) : parsed.originalArgs()) {
      line.append(' ').append(arg.replaceAll("\\s", " "));
    }
    return line.length() > 200 ? line.substring(0, 197) + "..." : line.toString();
  }
}
