package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** Every command's --help works, and every option its help lists is one the command accepts. */
class CommandHelpTest {
  /** The left column of an option list: " -h, --help" or " --workload=PRESET". */
  private static final Pattern LISTED_OPTION =
      Pattern.compile("(?m)^(?:  -\\w, | {6})(--[a-z][a-z0-9-]*)");

  private static CommandLine commandLine() {
    return Dl2.commandLine(
        new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  private static Collection<CommandLine> commands() {
    return commandLine().getSubcommands().values().stream()
        .filter(c -> !c.getCommandName().equals("help"))
        .toList();
  }

  @Test
  void everyCommandPrintsItsHelpAndExitsZero() {
    assertThat(commands()).hasSizeGreaterThanOrEqualTo(13);
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
    List<CliRun> runs = new ArrayList<>();
    try {
      for (CommandLine command : commands()) {
        runs.add(CliRun.of(command.getCommandName(), "--help"));
      }
    } finally {
      System.setErr(stderr);
    }
    assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8))
        .as("picocli's warnings, e.g. a bare %")
        .isEmpty();
    int i = 0;
    for (CommandLine command : commands()) {
      CliRun run = runs.get(i++);
      assertThat(run.exitCode()).as(command.getCommandName() + ": " + run.err()).isZero();
      assertThat(run.out())
          .as(command.getCommandName())
          .startsWith("Usage: dl2 " + command.getCommandName());
      assertThat(run.err()).isEmpty();
      assertThat(run.out().lines())
          .as(command.getCommandName() + " fits 80 columns")
          .allMatch(l -> l.length() <= 80);
    }
    assertThat(CliRun.of("--help").exitCode()).isZero();
  }

  @Test
  void everyOptionTheHelpListsIsAccepted() {
    for (CommandLine command : commands()) {
      String name = command.getCommandName();
      String help = CliRun.of(name, "--help").out();
      Matcher listed = LISTED_OPTION.matcher(help.substring(help.indexOf('\n')));
      List<String> options = new ArrayList<>();
      while (listed.find()) {
        options.add(listed.group(1));
      }
      assertThat(options).as(name).contains("--help");
      for (String option : options) {
        OptionSpec spec = command.getCommandSpec().findOption(option);
        if (option.equals("--help")
            || option.equals("--version")
            || (spec != null && spec.required())) {
          continue; // required options are part of every parse below
        }
        List<String> args = requiredArguments(command.getCommandSpec());
        args.add(0, name);
        args.addAll(withSample(spec, option));
        assertThatCode(() -> commandLine().parseArgs(args.toArray(String[]::new)))
            .as(String.join(" ", args))
            .doesNotThrowAnyException();
      }
    }
  }

  @Test
  void optionsAreListedOnlyWhereTheyAct() {
    assertThat(CliRun.of("simulate", "--help").out()).doesNotContain("--no-policy");
    assertThat(CliRun.of("compare", "--help").out()).contains("--no-policy");
    assertThat(CliRun.of("bench-controller", "--help").out())
        .doesNotContain("--traces", "--threads", "--speed-noise", "--scaling-cost", "--world")
        .contains("--trace-set");
    assertThat(CliRun.of("cluster-emulator", "--help").out())
        .doesNotContain("--threads", "--speed-noise")
        .contains("--scaling-cost", "--traces");
    CliRun removed = CliRun.of("cluster-emulator", "--scheduler", "drf", "--threads", "2");
    assertThat(removed.exitCode()).isEqualTo(2);
    assertThat(removed.err()).startsWith("dl2: unknown option '--threads' for 'cluster-emulator'");
  }

  @Test
  void benchControllerRunsWithItsDefaults() {
    CliRun run = CliRun.of("bench-controller", "--workload", "paper-testbed");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("drf: 10 jobs on 6 nodes", "first", "steady", "half done");
  }

  @Test
  void dl2RunsThePresetsShippedPolicyWithoutPolicy() {
    String previous = System.getProperty("dl2.home");
    System.setProperty("dl2.home", Path.of("..").toAbsolutePath().normalize().toString());
    try {
      String[] shipped = {
        "simulate", "--scheduler", "dl2", "--workload", "paper-small", "--traces", "1"
      };
      CliRun run = CliRun.of(shipped);
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out()).startsWith("dl2 on paper-small").contains("test-0", "mean");
      Path policy = Path.of("..", "policies", "paper-small.policy");
      CliRun explicit =
          CliRun.of(
              "simulate",
              "--scheduler",
              "dl2",
              "--workload",
              "paper-small",
              "--traces",
              "1",
              "--policy",
              policy.toString());
      assertThat(explicit.out()).isEqualTo(run.out());
      CliRun none =
          CliRun.of(
              "simulate", "--scheduler", "dl2", "--workload", "paper-testbed", "--traces", "1");
      assertThat(none.exitCode()).isEqualTo(2);
      assertThat(none.err().strip())
          .isEqualTo(
              "dl2: scheduler dl2 needs a trained policy: none is shipped for paper-testbed; add --policy FILE");
    } finally {
      if (previous == null) {
        System.clearProperty("dl2.home");
      } else {
        System.setProperty("dl2.home", previous);
      }
    }
  }

  /**
   * Values for the command's required options and positional parameters, so that one more option
   * can be parsed.
   */
  private static List<String> requiredArguments(CommandSpec spec) {
    List<String> args = new ArrayList<>();
    for (OptionSpec option :
        spec.requiredArgs().stream()
            .filter(a -> a instanceof OptionSpec)
            .map(a -> (OptionSpec) a)
            .toList()) {
      args.addAll(withSample(option, option.longestName()));
    }
    for (PositionalParamSpec positional : spec.positionalParameters()) {
      args.add("x");
    }
    return args;
  }

  private static List<String> withSample(OptionSpec option, String name) {
    assertThat(option).as(name + " is an option of the command").isNotNull();
    if (option.arity().max() == 0) {
      return new ArrayList<>(List.of(name));
    }
    Class<?> type = option.auxiliaryTypes()[0];
    if (type.isEnum() && option.completionCandidates() != null) {
      return new ArrayList<>(List.of(name, option.completionCandidates().iterator().next()));
    }
    String sample =
        type == int.class || type == Integer.class || type == long.class || type == Long.class
            ? "1"
            : type == double.class || type == Double.class ? "0.5" : "x";
    return new ArrayList<>(List.of(name, sample));
  }
}
