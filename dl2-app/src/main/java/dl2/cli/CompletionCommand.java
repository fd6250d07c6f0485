package dl2.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dl2 completion}: a bash/zsh completion script for every command and option. */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Print a bash/zsh completion script for dl2's commands and options.",
      "Use it with: source <(./dl2 completion)   (add that line to ~/.bashrc to keep it)"
    })
final class CompletionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    // The whole command tree: main builds only the command it runs.
    CommandLine all =
        Dl2.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    PrintWriter out = spec.commandLine().getOut();
    out.print(AutoComplete.bash("dl2", all));
    out.flush();
    return 0;
  }
}
