package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dl2.schedulers.registry.Schedulers;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * docs/own-scheduler.md's example, examples/own-scheduler, as a researcher uses it: compiled
 * against dl2, its own tests run, then packed into a jar that simulate and compare load with
 * --scheduler-jar.
 */
class OwnSchedulerExampleTest {
  private static final Path EXAMPLE = Path.of("..", "examples", "own-scheduler");

  @TempDir static Path dir;
  private static Path classes;
  private static Path jar;

  @BeforeAll
  static void compileTheExample() throws IOException {
    classes = dir.resolve("classes");
    compile(
        classes,
        sources(EXAMPLE.resolve("src/main/java")),
        sources(EXAMPLE.resolve("src/test/java")));
    copyTree(EXAMPLE.resolve("src/main/resources"), classes);
    jar = dir.resolve("own-scheduler.jar");
    packMainClasses(classes, jar);
  }

  @Test
  void theExamplesOwnTestsPass() throws Exception {
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      LauncherFactory.create()
          .execute(
              LauncherDiscoveryRequestBuilder.request()
                  .selectors(selectClass(loader.loadClass("example.LeastAttainedServiceTest")))
                  .build(),
              listener);
      TestExecutionSummary summary = listener.getSummary();
      StringWriter failures = new StringWriter();
      summary.printFailuresTo(new java.io.PrintWriter(failures), 20);
      assertThat(summary.getTestsSucceededCount()).as(failures.toString()).isEqualTo(3);
      assertThat(summary.getTotalFailureCount()).isZero();
    }
  }

  @Test
  void compareAndSimulateRunThePlugInFromItsJar() {
    CliRun compare =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--no-policy",
            "--scheduler-jar",
            jar.toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(compare.out())
        .startsWith(
            new PlacementOptions()
                    .comparedSchedulers(java.util.List.of("las"), Optional.empty(), false, false)
                    .size()
                + " schedulers on paper-testbed")
        .containsPattern("(?m)^las +\\d")
        .containsPattern("(?m)^las@fewest-nodes +\\d");
    CliRun simulate =
        CliRun.of(
            "simulate",
            "--scheduler",
            "las",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--scheduler-jar",
            jar.toString());
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
    assertThat(simulate.out()).startsWith("las on paper-testbed").contains("test-1", "mean");
  }

  @Test
  void aMissingJarOrOneWithoutPlugInsIsBadInput() throws IOException {
    CliRun missing =
        CliRun.of(
            "simulate",
            "--scheduler",
            "las",
            "--scheduler-jar",
            dir.resolve("nope.jar").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err())
        .isEqualTo(
            "dl2: --scheduler-jar "
                + dir.resolve("nope.jar")
                + ": no such file or directory"
                + System.lineSeparator());
    Path empty = Files.createDirectories(dir.resolve("empty"));
    CliRun none = CliRun.of("compare", "--scheduler-jar", empty.toString());
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).startsWith("dl2: no scheduler plug-in in " + empty).hasLineCount(1);
    CliRun unknown =
        CliRun.of(
            "simulate",
            "--scheduler",
            "lass",
            "--workload",
            "paper-testbed",
            "--scheduler-jar",
            jar.toString());
    assertThat(unknown.err())
        .contains(
            "valid schedulers: "
                + String.join(", ", Schedulers.NAMES)
                + ", dl2 (a trained "
                + "policy), las")
        .hasLineCount(1);
  }

  @Test
  void aPlugInMayNotTakeABaselinesName() throws IOException {
    Path source = dir.resolve("src/impostor/Impostor.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        """
        package impostor;
        public final class Impostor implements dl2.schedulers.SchedulerPlugin {
          public String name() { return "drf"; }
          public dl2.slot.Scheduler create(long seed) { return null; }
        }
        """);
    Path out = dir.resolve("impostor");
    compile(out, List.of(source), List.of());
    Path services = Files.createDirectories(out.resolve("META-INF/services"));
    Files.writeString(services.resolve("dl2.schedulers.SchedulerPlugin"), "impostor.Impostor\n");
    CliRun run = CliRun.of("compare", "--scheduler-jar", out.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "dl2: scheduler plug-in impostor.Impostor from "
                + out
                + " is named 'drf', which is "
                + "taken")
        .hasLineCount(1);
  }

  private static List<Path> sources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }

  private static void compile(Path out, List<Path> main, List<Path> test) throws IOException {
    Files.createDirectories(out);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args =
        new ArrayList<>(
            List.of(
                "-d",
                out.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "--release",
                "17",
                "-Xlint:none"));
    Stream.concat(main.stream(), test.stream()).map(Path::toString).forEach(args::add);
    StringWriter errors = new StringWriter();
    int code =
        javac.run(
            null,
            null,
            new OutputStream() {
              @Override
              public void write(int b) {
                errors.write(b);
              }
            },
            args.toArray(String[]::new));
    assertThat(code).as(errors.toString()).isZero();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        Files.createDirectories(target.getParent());
        Files.copy(file, target);
      }
    }
  }

  /** The jar a researcher ships: the example's classes and services file, without its tests. */
  private static void packMainClasses(Path classDir, Path jarFile) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jarFile));
        Stream<Path> files = Files.walk(classDir)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        String name = classDir.relativize(file).toString().replace('\\', '/');
        if (name.endsWith("Test.class")) {
          continue;
        }
        out.putNextEntry(new JarEntry(name));
        out.write(Files.readAllBytes(file));
        out.closeEntry();
      }
    }
  }
}
