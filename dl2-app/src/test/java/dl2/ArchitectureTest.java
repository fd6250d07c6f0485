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
  private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?(dl2(?:\\.[a-z0-9]+)+)\\.[A-Z]");
  private static final Pattern PACKAGE = Pattern.compile("^package\\s+(dl2(?:\\.[a-z0-9]+)+);");

  /**
   * Layer rank of each package (a package not listed takes the rank of its closest listed
   * parent); a file may import only packages of a lower rank, or its own.
   */
  private static final Map<String, Integer> RANK = Map.ofEntries(
      Map.entry("dl2.io", 0),
      Map.entry("dl2.model", 1),
      Map.entry("dl2.speed", 2),
      Map.entry("dl2.workload", 2),
      Map.entry("dl2.slot", 3),
      Map.entry("dl2.simulation.world", 4),
      Map.entry("dl2.simulation", 5),
      Map.entry("dl2.traces", 6),
      Map.entry("dl2.traces.calibration", 7),
      Map.entry("dl2.schedulers", 6),
      Map.entry("dl2.learning.nn", 10),
      Map.entry("dl2.learning.speeds", 11),
      Map.entry("dl2.learning.state", 12),
      Map.entry("dl2.learning.policy", 13),
      Map.entry("dl2.learning.file", 14),
      Map.entry("dl2.learning.replay", 15),
      Map.entry("dl2.learning.env", 16),
      Map.entry("dl2.learning.sl", 17),
      Map.entry("dl2.learning.rl.explore", 17),
      Map.entry("dl2.learning.rl", 18),
      Map.entry("dl2.learning", 19),
      Map.entry("dl2.evaluation", 20),
      Map.entry("dl2.training", 21),
      Map.entry("dl2.kubernetes.api", 22),
      Map.entry("dl2.kubernetes.driver", 23),
      Map.entry("dl2.kubernetes.controller", 24),
      Map.entry("dl2.emulator", 25),
      Map.entry("dl2.report", 26),
      Map.entry("dl2.output", 26),
      Map.entry("dl2.latency", 26),
      Map.entry("dl2.experiment", 27),
      Map.entry("dl2.cli", 28),
      Map.entry("dl2.bench", 29));

  /** The listed package that {@code pkg} belongs to: itself, or its closest listed parent; null if none. */
  private static String unit(String pkg) {
    for (String p = pkg; p.contains("."); p = p.substring(0, p.lastIndexOf('.'))) {
      if (RANK.containsKey(p)) {
        return p;
      }
    }
    return null;
  }

  @Test
  void everyImportPointsDownTheLayers() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path file : mainSources()) {
      List<String> lines = Files.readAllLines(file);
      String own = lines.stream().map(PACKAGE::matcher).filter(Matcher::find).findFirst()
          .map(m -> unit(m.group(1))).orElse(null);
      assertThat(own).as("package of %s is a known layer", file).isNotNull();
      for (String line : lines) {
        Matcher m = IMPORT.matcher(line);
        if (!m.find()) {
          continue;
        }
        String imported = unit(m.group(1));
        if (!own.equals(imported) && (imported == null || RANK.get(imported) >= RANK.get(own))) {
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
      if (text.contains("io.fabric8.") && !path.contains("/dl2/kubernetes/") && !path.contains("/dl2/emulator/")) {
        violations.add(path + " uses fabric8 outside dl2.kubernetes and dl2.emulator");
      }
      if (text.contains("io.fabric8.kubernetes.client.server.mock") && !path.contains("/dl2/emulator/")) {
        violations.add(path + " uses the mock API server outside dl2.emulator");
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
