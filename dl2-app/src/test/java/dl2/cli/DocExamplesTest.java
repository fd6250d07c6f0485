package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dl2.traces.data.TraceLocations;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Every command README.md and docs/*.md show (their generated blocks and example blocks) still
 * runs, on small inputs: the mapping of docs/commands.md ("How the documentation is checked"),
 * implemented by {@link #cheap}. The {@code --help} blocks must equal the commands' help, and the
 * README stays short and free of references to the specification's sections.
 */
class DocExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** Commands that take --traces N and run generated traces. */
  private static final Set<String> TRACE_COMMANDS = Set.of("simulate", "compare", "bench", "cluster-emulator",
      "world-effects");
  private static final Set<String> TRAINING_COMMANDS = Set.of("train", "train-sl");
  /** Commands that start an API server per trace: they run on the smallest preset. */
  private static final Set<String> EMULATOR_COMMANDS = Set.of("cluster-emulator", "bench-controller");
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

  static List<Path> documents() throws IOException {
    List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
    }
    return documents;
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
        tests.add(DynamicTest.dynamicTest(name + ":" + command.line() + ": " + command.text(), () -> run(command)));
      }
    }
    assertThat(tests).as("documented commands").hasSizeGreaterThan(20);
    return tests.stream();
  }

  private static void run(DocBlocks.Command command) {
    List<String> args = cheap(command.args());
    if (args == null || args.stream().anyMatch(MISSING_OUTPUTS::contains)) {
      for (int i = 0; i + 1 < command.args().size(); i++) {
        if ((command.args().get(i).equals("--out") || command.args().get(i).equals("--out-dir"))
            && command.args().get(i + 1).startsWith("/tmp/dl2/")) {
          MISSING_OUTPUTS.add(scratch.resolve(command.args().get(i + 1).substring("/tmp/dl2/".length())).toString());
        }
      }
    }
    if (args == null && "1".equals(System.getenv("DL2_REQUIRE_TRACES"))) {
      fail("needs the public traces, which are not here (DL2_REQUIRE_TRACES=1 requires them): " + TraceLocations.FETCH);
    }
    assumeTrue(args != null, "needs the public traces, which are not here: " + TraceLocations.FETCH);
    assumeTrue(args.stream().noneMatch(MISSING_OUTPUTS::contains), "reads the output of a command skipped above");
    if (parsedOnly(args)) {
      assertThatCode(() -> Dl2.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
          .parseArgs(args.toArray(String[]::new))).as(String.join(" ", args)).doesNotThrowAnyException();
      return;
    }
    CliRun run = CliRun.of(firstTraceOfFolders(args).toArray(String[]::new));
    assertThat(run.exitCode()).as(String.join(" ", args) + "\n" + run.err()).isZero();
  }

  /** {@code experiment all} runs every study (tens of CPU minutes even when small): its arguments are only parsed. */
  private static boolean parsedOnly(List<String> args) {
    return args.get(0).equals("experiment") && args.get(1).equals("all");
  }

  /**
   * The documented command on small inputs: paths under /tmp/dl2/ go to a scratch folder and
   * relative paths to the repository; at most one generated trace (--traces 1, added where
   * absent), --repeat 1; training and experiments on paper-testbed with 4 steps (4 warm-up steps
   * where there is a warm-up), a validation every 2 and one validation trace, experiments in
   * --quick mode (real-traces keeps its preset); cluster-emulator and bench-controller on paper-testbed, the emulator's live view
   * without pauses (--pace 0); bench-trace on 300 jobs.
   * Null when the command reads the public traces and there are none (dl2 traces where).
   */
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
      } else if ((isTraining(command) || EMULATOR_COMMANDS.contains(command)) && previous.equals("--workload")
          && !keepsItsPreset(documented)) {
        arg = "paper-testbed";
      } else if (isTraining(command) && previous.equals("--steps")) {
        arg = "4";
      } else if (isTraining(command) && previous.equals("--sl-steps") && !arg.equals("0")) {
        arg = "4";
      } else if (isTraining(command) && (previous.equals("--validate-every") || previous.equals("--validation-traces"))) {
        arg = previous.equals("--validate-every") ? "2" : "1";
      }
      args.add(arg);
    }
    if (TRACE_COMMANDS.contains(command) && !args.contains("--traces") && !args.contains("--trace")) {
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

  /** A --trace folder (e.g. a real trace's 138 test windows) replaced by its first trace file, which runs in seconds. */
  private static List<String> firstTraceOfFolders(List<String> args) {
    List<String> out = new ArrayList<>(args);
    for (int i = 1; i < out.size(); i++) {
      if (out.get(i - 1).equals("--trace") && Files.isDirectory(Path.of(out.get(i)))) {
        out.set(i, TraceFolders.files(Path.of(out.get(i)), "--trace").get(0).toString());
      }
    }
    return out;
  }

  private static boolean isTraining(String command) {
    return TRAINING_COMMANDS.contains(command) || command.equals("experiment");
  }

  /** The commands that read the public traces (their trace paths are looked up as dl2 traces where says). */
  static boolean readsPublicTraces(List<String> documented) {
    return Set.of("convert", "bench-trace", "calibrate-world").contains(documented.get(0)) || keepsItsPreset(documented);
  }

  /** real-traces replays Pollux's workloads, which need a cluster of their size: it keeps its preset. */
  private static boolean keepsItsPreset(List<String> documented) {
    return documented.size() > 1 && documented.get(0).equals("experiment") && documented.get(1).equals("real-traces");
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
          assertThat(lines.subList(block.start() + 1, block.end())).as(document + ":" + block.command().line())
              .containsExactlyElementsOf(RegenerateDocsCommand.run(document, block.command(), ROOT));
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
      assertThat(String.join("\n", lines(document))).as(document.toString()).doesNotContain("§", "dl2-spec");
    }
  }

  @Test
  void theMappingMakesCommandsSmall() {
    assertThat(cheap(List.of("compare", "--workload", "paper-large"))).containsExactly("compare", "--workload",
        "paper-large", "--traces", "1");
    assertThat(cheap(List.of("train", "--workload", "paper-dense", "--steps", "6000", "--sl-steps", "0", "--out",
        "/tmp/dl2/run"))).containsExactly("train", "--workload", "paper-testbed", "--steps", "4", "--sl-steps", "0", "--out",
        scratch.resolve("run").toString(), "--validate-every", "2", "--validation-traces", "1");
    assertThat(readsPublicTraces(List.of("convert", "--from", "gavel", "gavel/scheduler/traces/msr/seed=0"))).isTrue();
    assertThat(readsPublicTraces(List.of("experiment", "real-traces", "--out", "/tmp/dl2/rt"))).isTrue();
    assertThat(readsPublicTraces(List.of("compare", "--trace", "/tmp/dl2/philly-test"))).isFalse();
  }
}
