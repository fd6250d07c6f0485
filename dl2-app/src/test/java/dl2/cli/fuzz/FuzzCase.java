package dl2.cli.fuzz;

import dl2.cli.Dl2;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One fuzz case: a dl2 command line run in this JVM inside its own directory, and the checks the
 * issue asks of every input, valid or not: exit code 0 or 2 (or 1 for a documented simulation
 * bound), no stack trace or Java class name, exactly one error line on exit 2, nothing partly
 * written or left over, no input changed by a failing command, /dev/null still a device.
 *
 * @param index position in the seeded sequence (rerun one with -Ddl2.fuzz.only=INDEX)
 * @param category what was mutated: trace, convert, policy, resume or options
 * @param dir the case's directory; inputs are written there before the run
 * @param args the command line
 * @param outputFlag for a case given an output path it cannot write: the flag whose check must
 *     refuse it, before any work (null for the others)
 */
record FuzzCase(int index, String category, Path dir, List<String> args, String outputFlag) {
  /**
   * The documented exit code 1: a simulation stopped by its slot limit or by a scheduler that lets
   * nothing train.
   */
  private static final Pattern SIMULATION_BOUND =
      Pattern.compile(
          "dl2: (trace .* (did not finish within \\d+ slots|stopped at slot \\d+: .* without the scheduler letting any of them train)"
              + "|(scheduler|policy) .* of trace .* without training for \\d+ slots in a row .*).*");

  private static final Pattern CLASS_NAME =
      Pattern.compile(
          "\\b(java|javax|jdk|sun|com\\.fasterxml|tools\\.jackson|org\\.apache|io\\.fabric8|picocli|dl2)\\.[a-z][a-z0-9_]*\\.[A-Za-z]");
  private static final Pattern LEFTOVER =
      Pattern.compile(".*(\\.tmp|\\.next|\\.new|\\.ready|\\.old|\\.lock)$");

  FuzzCase(int index, String category, Path dir, List<String> args) {
    this(index, category, dir, args, null);
  }

  /** What a run did and what is wrong with it (empty when nothing is). */
  record Outcome(int exitCode, String err, List<String> problems, long millis) {}

  Outcome run() throws IOException {
    Map<String, String> before = snapshot(dir);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    long start = System.nanoTime();
    int code =
        Dl2.commandLine(new PrintWriter(out), new PrintWriter(err))
            .execute(args.toArray(String[]::new));
    long millis = (System.nanoTime() - start) / 1_000_000;
    Map<String, String> after = snapshot(dir);
    return new Outcome(
        code, err.toString(), check(code, out.toString(), err.toString(), before, after), millis);
  }

  private List<String> check(
      int code, String out, String err, Map<String, String> before, Map<String, String> after) {
    List<String> problems = new ArrayList<>();
    List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
    if (code != 0
        && code != 2
        && !(code == 1 && lines.size() == 1 && SIMULATION_BOUND.matcher(lines.get(0)).matches())) {
      problems.add("exit code " + code);
    }
    if (err.contains("internal error")
        || err.contains("Exception")
        || err.contains("\tat ")
        || out.contains("Exception")) {
      problems.add("stack trace or internal error");
    }
    // The plug-in service file must be named after the interface: the one class name a message may
    // give.
    if (CLASS_NAME
        .matcher(err.replace("META-INF/services/dl2.schedulers.SchedulerPlugin", ""))
        .find()) {
      problems.add("Java class name in the message");
    }
    List<String> errors = lines.stream().filter(l -> l.startsWith("dl2: ") && !notice(l)).toList();
    if (code == 2
        && (errors.size() != 1
            || lines.size() != errors.size() + lines.stream().filter(FuzzCase::notice).count())) {
      problems.add("not one error line: " + lines.size() + " lines on stderr");
    }
    if (outputFlag != null
        && (code != 2
            || errors.size() != 1
            || !(errors.get(0).startsWith("dl2: " + outputFlag + " ")
                || errors.get(0).contains("option '" + outputFlag + "'")))) {
      problems.add(
          "the output path was not refused by the " + outputFlag + " check before the work");
    }
    for (String path : after.keySet()) {
      if (LEFTOVER.matcher(path).matches()) {
        problems.add("left over: " + path);
      }
    }
    if (code != 0) {
      for (Map.Entry<String, String> file : after.entrySet()) {
        if (!file.getValue().equals(before.get(file.getKey()))
            && !LEFTOVER.matcher(file.getKey()).matches()) {
          problems.add(
              (before.containsKey(file.getKey())
                      ? "changed by a failing command: "
                      : "written by a failing command: ")
                  + file.getKey());
        }
      }
    }
    for (String path : before.keySet()) {
      if (!after.containsKey(path) && code != 0) {
        problems.add("removed by a failing command: " + path);
      }
    }
    if (!OutputPaths.isDeviceOrPipe(Path.of("/dev/null"))) {
      problems.add("/dev/null is no longer a device");
    }
    return problems;
  }

  /**
   * Lines that are not errors: warnings, rows --skip-bad-rows leaves out, a resume with nothing to
   * resume.
   */
  private static boolean notice(String line) {
    return line.startsWith("dl2: warning: ")
        || line.startsWith("dl2: skipped bad row: ")
        || line.contains("holds no checkpoint yet");
  }

  /** The names directly in {@code dir}, but target/ (the build writes there while tests run). */
  static Map<String, String> snapshotTop(Path dir) throws IOException {
    Map<String, String> names = new TreeMap<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.map(p -> p.getFileName().toString())
          .filter(n -> !n.equals("target"))
          .forEach(n -> names.put(n, ""));
    }
    return names;
  }

  /**
   * Every path under {@code root} with a digest of its content (links by target, directories by
   * name).
   */
  static Map<String, String> snapshot(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    if (!Files.exists(root)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.toList()) {
        String key = root.relativize(p).toString();
        if (Files.isSymbolicLink(p)) {
          files.put(key, "-> " + Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          files.put(key, "dir");
        } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          files.put(key, digest(Files.readAllBytes(p)));
        }
      }
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
    return files;
  }

  private static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public String toString() {
    return "#"
        + index
        + " ["
        + category
        + "] dl2 "
        + String.join(" ", args.stream().map(FuzzCase::quote).toList());
  }

  private static String quote(String arg) {
    return arg.isEmpty() || arg.chars().anyMatch(c -> c <= ' ' || c == '"')
        ? '"' + arg.replace("\"", "\\\"") + '"'
        : arg;
  }
}
