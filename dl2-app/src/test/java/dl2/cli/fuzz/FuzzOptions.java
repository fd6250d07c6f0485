package dl2.cli.fuzz;

import dl2.cli.Dl2;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Command-line fuzzing: each command starts from a cheap valid invocation (paper-testbed, one
 * trace, one step) whose budget arguments may be changed but never dropped, then gets one to three
 * edits: an option's value replaced by a nasty one or a path (the root, /dev/null, a regular file,
 * an empty directory, one with other files, a path under a file...), an option of the command added
 * with such a value, an argument dropped, or an unknown one added. Values that are valid and large
 * (2^31 - 1 steps) are not tried where they would only make a long run.
 */
final class FuzzOptions {
  /**
   * Options whose large valid values mean long work, not bad input: only small or invalid values
   * are tried.
   */
  private static final Set<String> BUDGETS =
      Set.of(
          "--steps",
          "--sl-steps",
          "--traces",
          "--repeat",
          "--validation-traces",
          "--agents",
          "--replay-size",
          "--hidden",
          "--layers",
          "--pace",
          "--jobs",
          "--nodes",
          "--slot-seconds");

  /**
   * Arguments a mutation never touches, so that no case runs a long job or reaches a real cluster.
   */
  private static final Set<String> FIXED = Set.of("--once", "--master", "--pace", "--workload");

  private static final List<String> SMALL =
      List.of(
          "",
          "-1",
          "0",
          "1",
          "2",
          "-0",
          "abc",
          "1.5",
          "NaN",
          "1e308",
          "99999999999999999999",
          "-2147483649");

  private final Map<String, List<String>> bases = new TreeMap<>();
  private final Map<String, CommandLine> commands;

  FuzzOptions(Path policy) {
    String p = policy.toString();
    bases.put(
        "simulate",
        List.of("simulate", "--workload", "paper-testbed", "--traces", "1", "--scheduler", "drf"));
    bases.put(
        "compare",
        List.of("compare", "--workload", "paper-testbed", "--traces", "1", "--no-policy"));
    bases.put("bench", List.of("bench", "--workload", "paper-testbed", "--traces", "1"));
    bases.put(
        "bench-policy",
        List.of("bench-policy", "--workload", "paper-testbed", "--traces", "1", "--policy", p));
    bases.put(
        "train-sl",
        List.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--steps",
            "1",
            "--validation-traces",
            "1",
            "--hidden",
            "8",
            "--layers",
            "1",
            "--threads",
            "1",
            "--out",
            "OUT"));
    bases.put(
        "train",
        FuzzCases.concat(List.of("train", "--steps", "1", "--out", "OUT"), FuzzInputs.RUN));
    bases.put(
        "experiment",
        List.of(
            "experiment",
            "ablation-replay",
            "--quick",
            "--workload",
            "paper-testbed",
            "--steps",
            "1",
            "--sl-steps",
            "1",
            "--validate-every",
            "1",
            "--validation-traces",
            "1",
            "--threads",
            "1",
            "--out",
            "OUT"));
    bases.put("convert", List.of("convert", "TRACE", "--from", "tiresias", "--out", "OUT.csv"));
    bases.put(
        "bench-trace",
        List.of("bench-trace", "TRACE", "--from", "tiresias", "--workload", "paper-testbed"));
    bases.put(
        "cluster-emulator",
        List.of(
            "cluster-emulator",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--scheduler",
            "drf",
            "--pace",
            "0",
            "--json",
            "OUT.json"));
    bases.put(
        "bench-controller",
        List.of("bench-controller", "--workload", "paper-testbed", "--traces", "1"));
    bases.put("controller", List.of("controller", "--once", "--master", "http://127.0.0.1:1"));
    bases.put(
        "calibrate-world", List.of("calibrate-world", "--traces", "EMPTY", "--out", "OUT.json"));
    bases.put(
        "world-effects",
        List.of(
            "world-effects",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--world",
            "realistic"));
    bases.put(
        "report-progress",
        List.of(
            "report-progress", "--job", "j", "--epochs", "1", "--master", "http://127.0.0.1:1"));
    commands =
        Dl2.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()))
            .getSubcommands();
  }

  /**
   * How often each command is drawn: the ones that start a cluster or train are costlier, so rarer.
   */
  private static final Map<String, Integer> WEIGHTS =
      Map.ofEntries(
          Map.entry("simulate", 14),
          Map.entry("compare", 10),
          Map.entry("bench", 4),
          Map.entry("bench-policy", 6),
          Map.entry("train-sl", 2),
          Map.entry("train", 12),
          Map.entry("experiment", 1),
          Map.entry("convert", 12),
          Map.entry("bench-trace", 8),
          Map.entry("cluster-emulator", 2),
          Map.entry("bench-controller", 1),
          Map.entry("controller", 12),
          Map.entry("report-progress", 10),
          Map.entry("calibrate-world", 2),
          Map.entry("world-effects", 3),
          Map.entry("help", 6));

  List<String> mutate(Path dir, Mutations m) throws java.io.IOException {
    String command = draw(m);
    if (command.equals("help")) {
      return m.pick(
          List.of(
              List.of("--help"),
              List.of("--version"),
              List.of(),
              List.of("help", m.pick(List.copyOf(bases.keySet()))),
              List.of(m.nasty()),
              List.of(m.pick(List.copyOf(bases.keySet())), "--help")));
    }
    Path trace = FuzzInputs.write(dir.resolve("tiresias.csv"), FuzzInputs.source("tiresias"));
    List<String> args = new ArrayList<>();
    for (String arg : bases.get(command)) {
      args.add(
          switch (arg) {
            case "OUT" -> dir.resolve("out").toString();
            case "OUT.csv" -> dir.resolve("out.csv").toString();
            case "OUT.json" -> dir.resolve("out.json").toString();
            case "TRACE" -> trace.toString();
            case "EMPTY" -> dir.resolve("empty").toString();
            default -> arg;
          });
    }
    List<OptionSpec> options = commands.get(command).getCommandSpec().options();
    int edits = 1 + m.below(3);
    for (int e = 0; e < edits; e++) {
      edit(args, options, dir, m);
    }
    keepPathsInside(args, options, dir);
    return args;
  }

  /**
   * Whatever follows a path option (after the edits, an unknown word may have become its value) is
   * moved inside the case's directory when relative, and so is the value of {@code --opt=VALUE}.
   */
  private static void keepPathsInside(List<String> args, List<OptionSpec> options, Path dir) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      int equals = arg.indexOf('=');
      String name = arg.startsWith("--") && equals > 0 ? arg.substring(0, equals) : arg;
      OptionSpec option =
          options.stream().filter(o -> List.of(o.names()).contains(name)).findFirst().orElse(null);
      if (option == null || !pathLike(option)) {
        continue;
      }
      if (equals > 0 && arg.startsWith("--")) {
        args.set(i, name + "=" + inside(dir, name, arg.substring(equals + 1)));
      } else if (i + 1 < args.size()) {
        args.set(i + 1, inside(dir, name, args.get(i + 1)));
        i++;
      }
    }
  }

  private String draw(Mutations m) {
    int total = WEIGHTS.values().stream().mapToInt(Integer::intValue).sum();
    int x = m.below(total);
    for (Map.Entry<String, Integer> w : new TreeMap<>(WEIGHTS).entrySet()) {
      x -= w.getValue();
      if (x < 0) {
        return w.getKey();
      }
    }
    throw new IllegalStateException();
  }

  private void edit(List<String> args, List<OptionSpec> options, Path dir, Mutations m) {
    switch (m.below(5)) {
      case 0, 1 -> {
        List<Integer> valued = new ArrayList<>();
        for (int i = 1; i + 1 < args.size(); i++) {
          if (args.get(i).startsWith("--")
              && !args.get(i + 1).startsWith("--")
              && !FIXED.contains(args.get(i))) {
            valued.add(i);
          }
        }
        if (!valued.isEmpty()) {
          int i = m.pick(valued);
          OptionSpec option =
              options.stream()
                  .filter(o -> List.of(o.names()).contains(args.get(i)))
                  .findFirst()
                  .orElse(null);
          String value = value(args.get(i), dir, m);
          args.set(
              i + 1, option != null && pathLike(option) ? inside(dir, args.get(i), value) : value);
        }
      }
      case 2 -> {
        OptionSpec option = m.pick(options);
        String name = option.longestName();
        if (FIXED.contains(name) || name.equals("--help") || name.equals("--version")) {
          return;
        }
        args.add(name);
        if (option.arity().max() > 0) {
          args.add(pathLike(option) ? inside(dir, name, value(name, dir, m)) : value(name, dir, m));
        }
      }
      case 3 -> {
        int i = 1 + m.below(Math.max(1, args.size() - 1));
        if (i < args.size()
            && !FIXED.contains(args.get(i))
            && !(i > 0 && FIXED.contains(args.get(i - 1)))
            && !(BUDGETS.contains(args.get(i)) || i > 0 && BUDGETS.contains(args.get(i - 1)))) {
          args.remove(i);
        }
      }
      default -> args.add(m.pick(List.of("--bogus", "-x", "extra", "--out=", "--=", m.nasty())));
    }
  }

  /** Options naming files or directories (Path-typed, and --json FILE|-). */
  private static boolean pathLike(OptionSpec option) {
    return option.type() == Path.class
        || option.auxiliaryTypes()[0] == Path.class
        || option.longestName().equals("--json");
  }

  /**
   * A nasty value given as a path stays inside the case's directory: tests run in the module
   * directory, which a relative output path would otherwise fill. Absolute paths (/, /dev/null, the
   * case's own files) and "-" of --json (stdout) stay as they are.
   */
  private static String inside(Path dir, String option, String value) {
    if (value.startsWith("/")
        || (value.equals("-") && option.equals("--json"))
        || value.indexOf('\u0000') >= 0) {
      return value;
    }
    return dir.resolve("relative").resolve(value).toString();
  }

  /**
   * A value for option {@code name}: a path for path-like options, a small or nasty one otherwise.
   */
  private static String value(String name, Path dir, Mutations m) {
    if (BUDGETS.contains(name)) {
      return m.pick(SMALL);
    }
    if (m.chance(0.4)) {
      return m.pick(
          List.of(
              "/",
              "/dev/null",
              "/dev/zero",
              ".",
              dir.resolve("sentinel.txt").toString(),
              dir.resolve("empty").toString(),
              dir.resolve("full").toString(),
              dir.resolve("new").toString(),
              dir.resolve("sentinel.txt").resolve("child").toString(),
              dir.resolve("missing").resolve("deep").resolve("x").toString(),
              "/proc/self/status",
              "a\u0000b",
              "relative-name"));
    }
    return m.nasty();
  }
}
