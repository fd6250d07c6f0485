package dl2.cli;

import dl2.io.Suggestion;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The error line for words picocli could not place: an unknown command or option, with the closest
 * valid name ("did you mean"), in place of picocli's "Unmatched argument at index 0".
 */
final class UnmatchedArguments {
  private UnmatchedArguments() {}

  static String describe(UnmatchedArgumentException e) {
    CommandLine command = e.getCommandLine();
    List<String> unmatched = e.getUnmatched();
    if (unmatched.isEmpty()) {
      return e.getMessage();
    }
    String first = unmatched.get(0);
    String where = command.getParent() == null ? "" : " for '" + command.getCommandName() + "'";
    if (first.startsWith("-")) {
      String typed = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
      return "unknown option '"
          + typed
          + "'"
          + where
          + Suggestion.didYouMean(typed, optionNames(command))
          + "; see "
          + helpCommand(command);
    }
    if (command.getParent() == null) {
      return "unknown command '"
          + first
          + "'"
          + Suggestion.didYouMean(first, new ArrayList<>(command.getSubcommands().keySet()))
          + "; see dl2 --help";
    }
    return "unexpected argument '" + first + "'" + where + "; see " + helpCommand(command);
  }

  private static List<String> optionNames(CommandLine command) {
    List<String> names = new ArrayList<>();
    for (OptionSpec option : command.getCommandSpec().options()) {
      names.addAll(List.of(option.names()));
    }
    return names;
  }

  private static String helpCommand(CommandLine command) {
    return command.getParent() == null
        ? "dl2 --help"
        : "dl2 " + command.getCommandName() + " --help";
  }
}
