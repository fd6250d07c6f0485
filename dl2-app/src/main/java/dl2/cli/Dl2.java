package dl2.cli;

import dl2.bounds.BoundDefect;
import dl2.console.HeldWarnings;
import dl2.io.BuildInfo;
import dl2.io.InputException;
import dl2.run.HomeDirectory;
import dl2.simulation.SimulationLimitException;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code dl2} command. Exit codes: 0 success; 2 bad input (flags, trace files, names), one line
 * {@code dl2: <message>} on stderr; 1 a simulation that hit its slot limit or an unexpected error
 * (stack trace only when the {@code DL2_DEBUG} environment variable is set).
 */
@Command(
    name = "dl2",
    mixinStandardHelpOptions = true,
    versionProvider = Dl2.Version.class,
    description =
        "DL2 deep-learning cluster scheduler (Peng et al., arXiv 1909.06040): simulator, baselines and the learned scheduler.")
public final class Dl2 implements Runnable {
  /** {@code --version}: the version and the commit this build came from. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {BuildInfo.current().describe()};
    }
  }

  public static final int EXIT_INPUT = 2;
  public static final int EXIT_FAILURE = 1;

  /**
   * A lower bound above a schedule the simulator ran ({@code compare}, after writing its outputs):
   * a defect of dl2's, neither bad input nor a run that could not finish.
   */
  public static final int EXIT_DEFECT = 3;

  /** Every command, in the order --help lists them. */
  private static final List<Class<?>> COMMANDS =
      List.of(
          SimulateCommand.class,
          CompareCommand.class,
          BenchCommand.class,
          BenchPolicyCommand.class,
          TrainSlCommand.class,
          TrainCommand.class,
          ExperimentCommand.class,
          ConvertCommand.class,
          BenchTraceCommand.class,
          TracesCommand.class,
          ClusterEmulatorCommand.class,
          BenchControllerCommand.class,
          ControllerCommand.class,
          ReportProgressCommand.class,
          CalibrateWorldCommand.class,
          CalibrateGpusCommand.class,
          WorldEffectsCommand.class,
          RegenerateDocsCommand.class,
          CompletionCommand.class,
          CommandLine.HelpCommand.class);

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(),
        "missing command; choose one of simulate, compare, bench, bench-policy, train-sl, train, experiment, convert, bench-trace, traces, cluster-emulator, bench-controller, controller, report-progress, calibrate-world, calibrate-gpus, world-effects (see dl2 --help)");
  }

  /**
   * A configured command line writing to {@code out} and {@code err}; tests call {@code
   * execute(args)} on it.
   */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    return commandLine(out, err, COMMANDS);
  }

  /**
   * The command line for {@code args}: with only the command that {@code args[0]} names, if it
   * names one, and without commands for {@code --version}; else with all. Building a command's
   * model (reflection over its options) is most of a short command's start-up.
   */
  static CommandLine commandLineFor(String[] args, PrintWriter out, PrintWriter err) {
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
      return commandLine(out, err, List.of());
    }
    for (Class<?> command : COMMANDS) {
      if (args.length > 0
          && command != CommandLine.HelpCommand.class
          && command.getAnnotation(Command.class).name().equals(args[0])) {
        return commandLine(out, err, List.of(command));
      }
    }
    return commandLine(out, err, COMMANDS);
  }

  private static CommandLine commandLine(
      PrintWriter out, PrintWriter err, List<Class<?>> commands) {
    CommandLine cl = new CommandLine(new Dl2());
    commands.forEach(cl::addSubcommand);
    for (CommandLine command : cl.getSubcommands().values()) {
      if (command.getCommand() instanceof InactiveOptions inactive) {
        inactive
            .inactiveOptions()
            .forEach(
                name -> command.getCommandSpec().remove(command.getCommandSpec().findOption(name)));
      }
      RecipeTable.install(command);
    }
    HeldWarnings warnings = new HeldWarnings(err);
    cl.setOut(warnings.out(out));
    cl.setErr(warnings.err());
    cl.registerConverter(Path.class, Dl2::path);
    cl.setParameterExceptionHandler(
        (e, args) -> {
          warnings.drop();
          return onParameterError(e, args);
        });
    cl.setExecutionExceptionHandler(
        (e, command, parsed) -> {
          if (e instanceof InputException) {
            warnings.drop(); // a failing command prints its error line alone
          }
          return onExecutionError(e, command, parsed);
        });
    cl.setExecutionStrategy(
        parsed -> {
          int code = new CommandLine.RunLast().execute(parsed);
          warnings.release();
          return code;
        });
    return cl;
  }

  public static void main(String[] args) {
    HomeDirectory.findIfUnset();
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    int code = commandLineFor(args, out, err).execute(args);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /** A path argument; one the file system cannot name is a plain-words parameter error. */
  private static Path path(String value) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new TypeConversionException("not a valid path (" + e.getReason() + ")");
    }
  }

  private static int onParameterError(ParameterException e, String[] args) {
    String message =
        e instanceof UnmatchedArgumentException unmatched
            ? UnmatchedArguments.describe(unmatched)
            : e.getMessage();
    e.getCommandLine().getErr().println("dl2: " + oneLine(message));
    return EXIT_INPUT;
  }

  private static int onExecutionError(Exception e, CommandLine cl, ParseResult parsed) {
    return report(e, cl.getErr());
  }

  /** Prints the one line for a command's failure {@code e} and returns the exit code. */
  static int report(Exception e, PrintWriter err) {
    if (e instanceof BoundDefect.Found) {
      err.println("dl2: " + oneLine(e.getMessage()));
      return EXIT_DEFECT;
    }
    if (e instanceof InputException) {
      err.println("dl2: " + oneLine(e.getMessage()));
      return EXIT_INPUT;
    }
    if (e instanceof SimulationLimitException || e instanceof dl2.kubernetes.api.ClusterFailure) {
      err.println("dl2: " + oneLine(e.getMessage()));
      return EXIT_FAILURE;
    }
    err.println(
        "dl2: internal error: "
            + oneLine(String.valueOf(e))
            + (debug() ? "" : " (set DL2_DEBUG=1 for a stack trace)"));
    if (debug()) {
      e.printStackTrace(err);
    }
    return EXIT_FAILURE;
  }

  private static boolean debug() {
    String value = System.getenv("DL2_DEBUG");
    return value != null && !value.isEmpty();
  }

  static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ").trim();
  }

  /**
   * A command that drops options of its mixins which would do nothing there (e.g. {@code --threads}
   * where nothing runs in parallel), so that its help lists, and its parser accepts, only options
   * that act. {@link Dl2#commandLine} removes them before parsing.
   */
  interface InactiveOptions {
    /** Names of the mixins' options this command leaves out, e.g. {@code --threads}. */
    List<String> inactiveOptions();
  }
}
