package dl2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layers only import downwards: model → speed/workload → traces (the public-trace adapters,
 * which need both) and simulation → schedulers → learning → kubernetes → report → experiment →
 * cli, with the JMH benchmarks (bench) on top. Scans the import lines of every main source file of the repository.
 */
class ArchitectureTest {
  private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?(dl2\\.[a-z0-9]+)");
  private static final Pattern PACKAGE = Pattern.compile("^package\\s+(dl2\\.[a-z0-9]+)");

  /** Layer rank of each top-level package; a file may import only packages of a lower or equal rank. */
  private static final Map<String, Integer> RANK = Map.ofEntries(
      Map.entry("dl2.io", 0),
      Map.entry("dl2.model", 1),
      Map.entry("dl2.speed", 2),
      Map.entry("dl2.workload", 2),
      Map.entry("dl2.simulation", 3),
      Map.entry("dl2.traces", 4),
      Map.entry("dl2.schedulers", 4),
      Map.entry("dl2.learning", 5),
      Map.entry("dl2.kubernetes", 6),
      Map.entry("dl2.report", 7),
      Map.entry("dl2.output", 7),
      Map.entry("dl2.experiment", 8),
      Map.entry("dl2.cli", 9),
      Map.entry("dl2.bench", 10));

  @Test
  void everyImportPointsDownTheLayers() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path file : mainSources()) {
      List<String> lines = Files.readAllLines(file);
      String own = lines.stream().map(PACKAGE::matcher).filter(Matcher::find).map(m -> m.group(1)).findFirst().orElse("?");
      assertThat(RANK).as("package of %s is a known layer", file).containsKey(own);
      for (String line : lines) {
        Matcher m = IMPORT.matcher(line);
        if (m.find() && !m.group(1).equals(own) && RANK.getOrDefault(m.group(1), 99) >= RANK.get(own)) {
          violations.add(file.getFileName() + " (" + own + ") imports " + m.group(1));
        }
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void frameworkImportsStayInTheirLayer() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path file : mainSources()) {
      String text = Files.readString(file);
      String path = file.toString().replace('\\', '/');
      if (text.contains("import picocli.") && !path.contains("/dl2/cli/")) {
        violations.add(path + " imports picocli outside dl2.cli");
      }
      if (text.contains("io.fabric8.") && !path.contains("/dl2-kubernetes/src/main/java/dl2/kubernetes/")) {
        violations.add(path + " uses fabric8 outside dl2.kubernetes");
      }
    }
    assertThat(violations).isEmpty();
  }

  /**
   * DL2 learns from what a cluster observes: learning code (training, rewards, acting, online
   * fine-tuning) never sees the simulator's speed model. It may run simulations only through
   * {@code SimulatedClusters} (which hides the model), never dry-runs a configuration, and reaches
   * the true speeds only in {@code OracleSpeeds}, behind the rewards named as oracles. The one
   * exception: the warm-up's {@code TeacherRecorder} forwards a heuristic teacher's own dry runs,
   * which are the teacher's questions, not the learner's.
   */
  @Test
  void learningCodeNeverTouchesTheSimulatorsSpeedModel() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path file : mainSources()) {
      String path = file.toString().replace('\\', '/');
      if (!path.contains("/dl2-learning/src/main/java/")) {
        continue;
      }
      String text = Files.readString(file);
      String name = file.getFileName().toString();
      if (text.contains("dl2.speed.") || text.contains("SpeedModel")) {
        violations.add(name + " refers to the speed model (dl2.speed)");
      }
      if (text.contains("new Simulator(")) {
        violations.add(name + " builds a simulator itself instead of opening SimulatedClusters");
      }
      if (text.contains("dryRunEpochsPerSlot") && !name.equals("TeacherRecorder.java")) {
        violations.add(name + " dry-runs a configuration");
      }
      if (text.contains("speedOracle") && !name.equals("OracleSpeeds.java")) {
        violations.add(name + " asks for the speed oracle outside OracleSpeeds");
      }
    }
    assertThat(violations).isEmpty();
  }

  private static List<Path> mainSources() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    try (Stream<Path> modules = Files.list(root)) {
      List<Path> sources = new ArrayList<>();
      for (Path module : modules.filter(p -> p.getFileName().toString().startsWith("dl2-")).sorted().toList()) {
        Path main = module.resolve("src/main/java");
        if (Files.isDirectory(main)) {
          try (Stream<Path> files = Files.walk(main)) {
            files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(sources::add);
          }
        }
      }
      assertThat(sources).as("main sources under %s", root).hasSizeGreaterThan(20);
      return sources;
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
