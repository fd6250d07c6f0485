package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dl2.run.DocBlocks;
import dl2.run.PublicTraceLocations;
import dl2.run.TraceFolders;
import dl2.traces.data.TraceLocations;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command README.md and the documents under docs/ show (their generated blocks and example
 * blocks) still runs, on small inputs: the mapping of docs/commands.md ("How the documentation is
 * checked"), implemented by {@link #cheap} and {@link #smallFolders}. The {@code --help} blocks
 * must equal the commands' help, and the README stays short and free of references to the
 * specification's sections.
 */
class DocExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** -Ddl2.docs.long=true: every trace file of the folders a command names, not the first one. */
  private static final boolean LONG = Boolean.getBoolean("dl2.docs.long");

  /**
   * DL2_REQUIRE_TRACES=1 (for CI): a command that cannot run for want of the traces fails instead
   * of being skipped.
   */
  private static final boolean REQUIRE_TRACES = "1".equals(System.getenv("DL2_REQUIRE_TRACES"));

  /** Options that name a folder of trace files. */
  private static final Set<String> FOLDER_OPTIONS =
      Set.of("--trace", "--mix-training", "--mix-validation");

  /** Commands that take --traces N and run generated traces. */
  private static final Set<String> TRACE_COMMANDS =
      Set.of("simulate", "compare", "bench", "cluster-emulator", "world-effects");

  private static final Set<String> TRAINING_COMMANDS = Set.of("train", "train-sl");

  /** Commands that start an API server per trace: they run on the smallest preset. */
  private static final Set<String> EMULATOR_COMMANDS =
      Set.of("cluster-emulator", "bench-controller");

  /** Outputs of commands that were skipped: a later command reading one is skipped too. */
  private static final Set<String> MISSING_OUTPUTS = new java.util.TreeSet<>();

  @TempDir static Path scratch;
  private static String previousHome;

  @BeforeAll
  static void asTheLauncherRunsIt() {
    previousHome = System.getProperty("dl2.home");
    System.setProperty("dl2.home", ROOT.toString());
  }

  @AfterAll
  static void restore() {
    if (previousHome == null) {
      System.clearProperty("dl2.home");
    } else {
      System.setProperty("dl2.home", previousHome);
    }
  }

  static List<Path> documents() {
    return DocBlocks.documents(ROOT).stream().map(ROOT::resolve).toList();
  }

  private static List<String> lines(Path document) throws IOException {
    return Files.readAllLines(document, StandardCharsets.UTF_8);
  }

  @TestFactory
  Stream<DynamicTest> everyDocumentedCommandRuns() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path document : documents()) {
      String name = ROOT.relativize(document).toString();
      for (DocBlocks.Command command : DocBlocks.commands(name, lines(document))) {
        tests.add(
            DynamicTest.dynamicTest(
                name + ":" + command.line() + ": " + command.text(), () -> run(command)));
      }
    }
    assertThat(tests).as("documented commands").hasSizeGreaterThan(20);
    return tests.stream();
  }

  private static void run(DocBlocks.Command command) throws IOException {
    List<String> args = cheap(command.args());
    if (args == null || args.stream().anyMatch(MISSING_OUTPUTS::contains)) {
      for (int i = 0; i + 1 < command.args().size(); i++) {
        if ((command.args().get(i).equals("--out") || command.args().get(i).equals("--out-dir"))
            && command.args().get(i + 1).startsWith("/tmp/dl2/")) {
          MISSING_OUTPUTS.add(
              scratch
                  .resolve(command.args().get(i + 1).substring("/tmp/dl2/".length()))
                  .toString());
        }
      }
    }
    runsHere(
        args != null,
        "needs the public traces, which are not here: " + TraceLocations.FETCH,
        REQUIRE_TRACES);
    runsHere(
        args.stream().noneMatch(MISSING_OUTPUTS::contains),
        "reads the output of a command skipped above",
        REQUIRE_TRACES);
    if (parsedOnly(args)) {
      assertThatCode(
              () ->
                  Dl2.commandLine(
                          new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
                      .parseArgs(args.toArray(String[]::new)))
          .as(String.join(" ", args))
          .doesNotThrowAnyException();
      return;
    }
    CliRun run = CliRun.of(smallFolders(args).toArray(String[]::new));
    assertThat(run.exitCode()).as(String.join(" ", args) + "\n" + run.err()).isZero();
  }

  /**
   * Skips the command where it cannot run here, or fails where every command is {@code required} to
   * run.
   */
  static void runsHere(boolean runs, String why, boolean required) {
    if (!runs && required) {
      fail(why + " (DL2_REQUIRE_TRACES=1: every documented command must run)");
    }
    assumeTrue(runs, why);
  }

  /**
   * {@code experiment all} runs every study (tens of CPU minutes even when small): its arguments
   * are only parsed.
   */
  private static boolean parsedOnly(List<String> args) {
    return args.get(0).equals("experiment") && args.get(1).equals("all");
  }

  /**
   * The documented command on small inputs: paths under /tmp/dl2/ go to a scratch folder and
   * relative paths to the repository; at most one generated trace (--traces 1, added where absent),
   * --repeat 1; training and experiments on paper-testbed with 4 steps (4 warm-up steps where there
   * is a warm-up), a validation every 2 and one validation trace, experiments in --quick mode
   * (real-traces keeps its preset); cluster-emulator and bench-controller on paper-testbed, the
   * emulator's live view without pauses (--pace 0); bench-trace on 300 jobs. Null when the command
   * reads the public traces and there are none (dl2 traces where).
   */
  /**
   * Jobs a documented {@code convert --jobs N} keeps at most: the commands that read its file (all
   * 35 schedulers of a GPU-typed cluster, say) then run in seconds, not a minute.
   */
  private static final int CONVERTED_JOBS = 40;

  static List<String> cheap(List<String> documented) {
    List<String> args = new ArrayList<>();
    String command = documented.get(0);
    if (readsPublicTraces(documented) && PublicTraceLocations.current().root().isEmpty()) {
      return null;
    }
    for (int i = 0; i < documented.size(); i++) {
      String arg = documented.get(i);
      String previous = i == 0 ? "" : documented.get(i - 1);
      if (arg.startsWith("/tmp/dl2/")) {
        arg = scratch.resolve(arg.substring("/tmp/dl2/".length())).toString();
      } else if (!arg.startsWith("-") && arg.contains("/") && Files.exists(ROOT.resolve(arg))) {
        arg = ROOT.resolve(arg).toString();
      } else if (previous.equals("--traces") && arg.matches("\\d+")) {
        arg = "1";
      } else if (previous.equals("--repeat")) {
        arg = "1";
      } else if (command.equals("convert") && previous.equals("--jobs") && arg.matches("\\d+")) {
        arg = String.valueOf(Math.min(Integer.parseInt(arg), CONVERTED_JOBS));
      } else if ((isTraining(command) || EMULATOR_COMMANDS.contains(command))
          && previous.equals("--workload")
          && !keepsItsPreset(documented)) {
        arg = "paper-testbed";
      } else if (isTraining(command) && previous.equals("--steps")) {
        arg = "4";
      } else if (isTraining(command) && previous.equals("--sl-steps") && !arg.equals("0")) {
        arg = "4";
      } else if (isTraining(command)
          && (previous.equals("--validate-every") || previous.equals("--validation-traces"))) {
        arg = previous.equals("--validate-every") ? "2" : "1";
      }
      args.add(arg);
    }
    if (TRACE_COMMANDS.contains(command)
        && !args.contains("--traces")
        && !args.contains("--trace")) {
      args.addAll(List.of("--traces", "1"));
    }
    if (isTraining(command)) {
      if (!keepsItsPreset(documented)) {
        addIfAbsent(args, "--workload", "paper-testbed");
      }
      addIfAbsent(args, "--steps", "4");
      addIfAbsent(args, "--validate-every", "2");
      addIfAbsent(args, "--validation-traces", "1");
      if (command.equals("experiment")) {
        addIfAbsent(args, "--sl-steps", "4");
        if (!args.contains("--quick")) {
          args.add("--quick");
        }
      }
    }
    if (EMULATOR_COMMANDS.contains(command)) {
      addIfAbsent(args, "--workload", "paper-testbed");
    }
    if (command.equals("cluster-emulator") && !args.contains("--json")) {
      addIfAbsent(args, "--pace", "0");
    }
    if (command.equals("bench-trace")) {
      addIfAbsent(args, "--jobs", "300");
    }
    return args;
  }

  /**
   * Each folder of trace files replaced by its first file, which runs in seconds (a real trace's
   * test split alone is 138 windows, its training split 958): --trace FOLDER by the file, and
   * --mix-training and --mix-validation, which take folders only, by a folder holding a copy of it.
   * Under -Ddl2.docs.long=true the folders stay whole.
   */
  static List<String> smallFolders(List<String> args) throws IOException {
    List<String> out = new ArrayList<>(args);
    for (int i = 1; i < out.size() && !LONG; i++) {
      String option = out.get(i - 1);
      if (!FOLDER_OPTIONS.contains(option) || !Files.isDirectory(Path.of(out.get(i)))) {
        continue;
      }
      Path folder = Path.of(out.get(i));
      Path first = TraceFolders.files(folder, option).get(0);
      if (option.equals("--trace")) {
        out.set(i, first.toString());
      } else {
        Path small =
            Files.createDirectories(scratch.resolve("first-of").resolve(folder.getFileName()));
        Files.copy(first, small.resolve(first.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        out.set(i, small.toString());
      }
    }
    return out;
  }

  private static boolean isTraining(String command) {
    return TRAINING_COMMANDS.contains(command) || command.equals("experiment");
  }

  /**
   * real-traces replays Pollux's workloads, which need a cluster of their size: it keeps its
   * preset.
   */
  /**
   * The commands that read the public traces (their trace paths are looked up as dl2 traces where
   * says).
   */
  static boolean readsPublicTraces(List<String> documented) {
    return Set.of("convert", "bench-trace", "calibrate-world", "calibrate-gpus")
            .contains(documented.get(0))
        || keepsItsPreset(documented);
  }

  private static boolean keepsItsPreset(List<String> documented) {
    return documented.size() > 1
        && documented.get(0).equals("experiment")
        && documented.get(1).equals("real-traces");
  }

  private static void addIfAbsent(List<String> args, String option, String value) {
    if (!args.contains(option)) {
      args.addAll(List.of(option, value));
    }
  }

  @Test
  void theHelpBlocksAreTheCommandsHelp() throws IOException {
    int checked = 0;
    for (Path document : documents()) {
      List<String> lines = lines(document);
      for (DocBlocks.Generated block : DocBlocks.generated(document.toString(), lines)) {
        if (block.command().args().contains("--help")) {
          assertThat(lines.subList(block.start() + 1, block.end()))
              .as(document + ":" + block.command().line())
              .containsExactlyElementsOf(
                  RegenerateDocsCommand.run(document, block.command(), ROOT));
          checked++;
        }
      }
    }
    assertThat(checked).as("help blocks").isGreaterThanOrEqualTo(13);
  }

  @Test
  void theReadmeIsShortAndNoDocumentCitesTheSpecification() throws IOException {
    assertThat(lines(ROOT.resolve("README.md"))).hasSizeLessThanOrEqualTo(300);
    for (Path document : documents()) {
      assertThat(String.join("\n", lines(document)))
          .as(document.toString())
          .doesNotContain("§", "dl2-spec");
    }
  }

  @Test
  void theMappingMakesCommandsSmall() {
    assertThat(cheap(List.of("compare", "--workload", "paper-large")))
        .containsExactly("compare", "--workload", "paper-large", "--traces", "1");
    assertThat(
            cheap(
                List.of(
                    "train",
                    "--workload",
                    "paper-dense",
                    "--steps",
                    "6000",
                    "--sl-steps",
                    "0",
                    "--out",
                    "/tmp/dl2/run")))
        .containsExactly(
            "train",
            "--workload",
            "paper-testbed",
            "--steps",
            "4",
            "--sl-steps",
            "0",
            "--out",
            scratch.resolve("run").toString(),
            "--validate-every",
            "2",
            "--validation-traces",
            "1");
    assertThat(
            readsPublicTraces(
                List.of("convert", "--from", "gavel", "gavel/scheduler/traces/msr/seed=0")))
        .isTrue();
    assertThat(readsPublicTraces(List.of("experiment", "real-traces", "--out", "/tmp/dl2/rt")))
        .isTrue();
    assertThat(readsPublicTraces(List.of("compare", "--trace", "/tmp/dl2/philly-test"))).isFalse();
  }

  @Test
  void aFolderOfTracesShrinksToItsFirstFile() throws IOException {
    assumeTrue(!LONG, "-Ddl2.docs.long=true keeps the folders whole");
    Path windows = Files.createDirectories(scratch.resolve("windows"));
    for (String name : List.of("w-10.csv", "w-2.csv", "w-1.csv", "notes.txt")) {
      Files.writeString(windows.resolve(name), "");
    }
    assertThat(smallFolders(List.of("compare", "--trace", windows.toString())))
        .containsExactly("compare", "--trace", windows.resolve("w-1.csv").toString());
    List<String> train =
        smallFolders(
            List.of("train", "--mix-training", windows.toString(), "--out", windows.toString()));
    assertThat(train.get(4)).isEqualTo(windows.toString());
    try (Stream<Path> small = Files.list(Path.of(train.get(2)))) {
      assertThat(small.map(p -> p.getFileName().toString())).containsExactly("w-1.csv");
    }
  }

  @Test
  void aCommandThatCannotRunFailsWhereEveryCommandMustRun() {
    assertThatCode(() -> runsHere(true, "runs", true)).doesNotThrowAnyException();
    assertThatThrownBy(() -> runsHere(false, "needs the public traces", true))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("needs the public traces")
        .hasMessageContaining("DL2_REQUIRE_TRACES=1");
    assertThatThrownBy(() -> runsHere(false, "needs the public traces", false))
        .isInstanceOf(org.opentest4j.TestAbortedException.class);
  }
}
