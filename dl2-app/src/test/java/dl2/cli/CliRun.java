package dl2.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One execution of the dl2 command line with captured stdout and stderr. */
public record CliRun(int exitCode, String out, String err) {
  public static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Dl2.commandLine(new PrintWriter(out), new PrintWriter(err)).execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
