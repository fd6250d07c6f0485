package dl2;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's architecture rules as pure functions of source and pom files, so that {@link
 * ArchitectureTest} checks them on the tree and shows each one failing on a file made to break it.
 * Each returns its violations, one line each; none means the rule holds.
 */
final class ArchitectureRules {
  /** A file of the repository: its path (with forward slashes) and its text. */
  record SourceFile(String path, String text) {
    String name() {
      return path.substring(path.lastIndexOf('/') + 1);
    }
  }

  private static final Pattern IMPORT =
      Pattern.compile("(?m)^import\\s+(?:static\\s+)?(dl2(?:\\.[a-z0-9]+)+)\\.[A-Z]");
  private static final Pattern GPU_FACTOR =
      Pattern.compile("\\.factors?\\(|GpuCatalogue|isUniform\\(|uniformSpeed\\(");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+(dl2(?:\\.[a-z0-9]+)+);");
  private static final Pattern JOB_VIEW_CLASS =
      Pattern.compile(
          "(class|record|enum)\\s+(\\w+)[^{;]*\\bimplements\\b[^{]*\\bJobView\\b|new\\s+JobView\\s*\\(");
  private static final Pattern DERIVE =
      Pattern.compile("Rng\\.derive\\(\\s*([^,()]+(?:\\([^()]*\\))?)\\s*,\\s*([\\w.]+(?:\\(\\))?)");
  private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

  /**
   * A view that wraps another JobView (a component or final field of that type) is a read-only
   * decorator, not a second job.
   */
  private static final Pattern DECORATOR =
      Pattern.compile("\\(\\s*JobView\\s+\\w+\\s*[,)]|private final JobView \\w+;");

  private static final Pattern REGISTERED_STREAM =
      Pattern.compile("SeedStream\\.[A-Z_]+|\\w+\\.seedStream\\(\\)");

  /**
   * A char literal '@', or a string literal without spaces starting or ending with '@': a name cut
   * or joined there.
   */
  private static final Pattern AT_LITERAL = Pattern.compile("'@'|\"@[^\"\\s]*\"|\"[^\"\\s]*@\"");

  /** The placement types a slot loop would need to place tasks itself. */
  private static final Pattern PLACEMENT_TYPE =
      Pattern.compile("\\b(Placement|PlacementView|PlacedSlot|PlacedScheduler)\\b");

  private static final Pattern NEW_PLACED_SLOT = Pattern.compile("\\bnew\\s+PlacedSlot\\s*\\(");
  private static final Pattern MOCK_DEPENDENCY =
      Pattern.compile(
          "<dependency>\\s*<groupId>io\\.fabric8</groupId>\\s*<artifactId>kubernetes-server-mock</artifactId>(.*?)</dependency>",
          Pattern.DOTALL);

  /** A picocli command. */
  private static final Pattern CLI_COMMAND = Pattern.compile("@(?:CommandLine\\.)?Command\\b");

  /** A class of options, used as a mixin or an argument group. */
  private static final Pattern CLI_OPTIONS =
      Pattern.compile("@(?:CommandLine\\.)?(?:Option|Parameters|ArgGroup|Mixin)\\b");

  /**
   * The picocli plumbing that options name: a converter, default-value provider or help section
   * (picocli's I... interfaces), completion candidates, or code that reads picocli's parse model.
   */
  private static final Pattern CLI_PLUMBING =
      Pattern.compile(
          "\\bimplements\\b[^{]*\\b(?:I[A-Z]\\w+|Iterable<String>)|\\b(?:CommandSpec|ParseResult|OptionSpec)\\b");

  /** The most lines a main source file may have (house style). */
  static final int MAX_MAIN_LINES = 300;

  /**
   * Layer rank of each package; a file may import only packages of a lower rank, or its own. Every
   * package that holds main code is listed ({@link #everyPackageIsRanked}), so that a new package
   * is placed on purpose.
   */
  static final Map<String, Integer> RANK =
      Map.ofEntries(
          Map.entry("dl2.io", 0),
          Map.entry("dl2.model", 1),
          Map.entry("dl2.fit", 1),
          Map.entry("dl2.speed", 2),
          Map.entry("dl2.workload", 2),
          Map.entry("dl2.slot", 3),
          Map.entry("dl2.lengths", 4),
          Map.entry("dl2.simulation.world", 4),
          Map.entry("dl2.simulation", 5),
          Map.entry("dl2.bounds", 6),
          Map.entry("dl2.traces", 6),
          Map.entry("dl2.traces.calibration", 7),
          Map.entry("dl2.registry", 5),
          Map.entry("dl2.traces.data", 6),
          Map.entry("dl2.schedulers", 6),
          Map.entry("dl2.schedulers.tetris", 7),
          Map.entry("dl2.schedulers.placed", 7),
          Map.entry("dl2.schedulers.rollout", 7),
          Map.entry("dl2.schedulers.typed", 7),
          Map.entry("dl2.schedulers.solver", 7),
          Map.entry("dl2.schedulers.lengths", 8),
          Map.entry("dl2.schedulers.history", 8),
          Map.entry("dl2.schedulers.registry", 9),
          Map.entry("dl2.placement", 10),
          Map.entry("dl2.learning.nn", 11),
          Map.entry("dl2.learning.speeds", 12),
          Map.entry("dl2.learning.state", 13),
          Map.entry("dl2.learning.policy", 14),
          Map.entry("dl2.learning.file", 15),
          Map.entry("dl2.learning.replay", 16),
          Map.entry("dl2.learning.env", 17),
          Map.entry("dl2.learning.run", 17),
          Map.entry("dl2.learning.sl", 18),
          Map.entry("dl2.learning.rl.explore", 18),
          Map.entry("dl2.learning.rl", 19),
          Map.entry("dl2.learning.onpolicy", 20),
          Map.entry("dl2.learning", 20),
          Map.entry("dl2.evaluation", 21),
          Map.entry("dl2.shard", 21),
          Map.entry("dl2.training", 22),
          Map.entry("dl2.kubernetes.api", 23),
          Map.entry("dl2.kubernetes.driver", 24),
          Map.entry("dl2.kubernetes.sweep", 24),
          Map.entry("dl2.kubernetes.controller", 25),
          Map.entry("dl2.emulator", 26),
          Map.entry("dl2.report", 27),
          Map.entry("dl2.output", 27),
          Map.entry("dl2.latency", 27),
          Map.entry("dl2.experiment", 28),
          Map.entry("dl2.console", 29),
          Map.entry("dl2.run", 30),
          Map.entry("dl2.cli", 31),
          Map.entry("dl2.bench", 32));

  private ArchitectureRules() {}

  /**
   * The listed package that {@code pkg} belongs to: itself, or its closest listed parent; null if
   * none.
   */
  static String unit(String pkg) {
    for (String p = pkg; p.contains("."); p = p.substring(0, p.lastIndexOf('.'))) {
      if (RANK.containsKey(p)) {
        return p;
      }
    }
    return null;
  }

  /** Every import points down the ranked layers (or stays in its own package). */
  static List<String> importsPointDown(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      Matcher declared = PACKAGE.matcher(file.text());
      String own = declared.find() ? unit(declared.group(1)) : null;
      if (own == null) {
        violations.add(file.path() + " is in no known layer");
        continue;
      }
      Matcher m = IMPORT.matcher(file.text());
      while (m.find()) {
        String imported = unit(m.group(1));
        if (!own.equals(imported) && (imported == null || RANK.get(imported) >= RANK.get(own))) {
          violations.add(file.name() + " (" + own + ") imports " + m.group(1));
        }
      }
    }
    return violations;
  }

  /**
   * picocli only in dl2.cli; fabric8 only in dl2.kubernetes and dl2.emulator; the mock API server
   * only in dl2.emulator; the chart libraries (JFreeChart, Batik) only in dl2.report.
   */
  static List<String> frameworksStayInTheirLayer(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      String path = file.path();
      if (file.text().contains("import picocli.") && !path.contains("/dl2/cli/")) {
        violations.add(path + " imports picocli outside dl2.cli");
      }
      if (file.text().contains("io.fabric8.")
          && !path.contains("/dl2/kubernetes/")
          && !path.contains("/dl2/emulator/")) {
        violations.add(path + " uses fabric8 outside dl2.kubernetes and dl2.emulator");
      }
      if (file.text().contains("io.fabric8.kubernetes.client.server.mock")
          && !path.contains("/dl2/emulator/")) {
        violations.add(path + " uses the mock API server outside dl2.emulator");
      }
      if ((file.text().contains("import org.jfree.")
              || file.text().contains("import org.apache.batik."))
          && !path.contains("/dl2/report/")) {
        violations.add(path + " draws charts (JFreeChart, Batik) outside dl2.report");
      }
    }
    return violations;
  }

  /**
   * DL2 learns from what a cluster observes: learning code (training, rewards, acting, online
   * fine-tuning) never sees the simulator's speed model. It may run simulations only through {@code
   * SimulatedClusters} (which hides the model), never dry-runs a configuration, and reaches the
   * true speeds only in {@code OracleSpeeds}, behind the rewards named as oracles. The one
   * exception: the warm-up's {@code TeacherRecorder} forwards a heuristic teacher's own dry runs,
   * which are the teacher's questions, not the learner's. The placed dry run (the world's own model
   * of placement and interference, which only oracle schedulers ask) has no exception, in the
   * learning code nor in the training pipeline. Of a GPU type it reads the name, as a node label
   * gives it, never the speed factors (the world's truth) nor the catalogue that holds them.
   */
  static List<String> learningNeverTouchesTheSpeedModel(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      String text = file.text();
      String name = file.name();
      boolean training = file.path().contains("/dl2-harness/src/main/java/dl2/training/");
      if ((training || file.path().contains("/dl2-learning/src/main/java/"))
          && (text.contains("dryRunPlacedEpochsPerSlot") || text.contains("PlacedDryRuns"))) {
        violations.add(
            name + " asks the world's own model of placement and interference (a placed dry run)");
      }
      if (!file.path().contains("/dl2-learning/src/main/java/")) {
        continue;
      }
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
      if (GPU_FACTOR.matcher(text).find()) {
        violations.add(name + " reads a GPU type's speed factors (only its name is observed)");
      }
    }
    return violations;
  }

  /**
   * One JobView implementation in main code, {@code dl2.slot.SlotJob}: what a slot knows of a job
   * is kept in one place. A read-only decorator of another JobView (a view of it with other counts)
   * is not a second implementation.
   */
  static List<String> oneJobView(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      String code = COMMENT.matcher(file.text()).replaceAll(" ");
      Matcher m = JOB_VIEW_CLASS.matcher(code);
      while (m.find()) {
        boolean slotJob =
            file.path().endsWith("/dl2/slot/SlotJob.java") && "SlotJob".equals(m.group(2));
        if (!slotJob && !(m.group(2) != null && DECORATOR.matcher(code).find())) {
          violations.add(
              file.name()
                  + " implements JobView"
                  + (m.group(2) == null ? " (anonymously)" : " as " + m.group(2))
                  + "; use dl2.slot.SlotJob");
        }
      }
    }
    return violations;
  }

  /**
   * Only {@code dl2.slot.SchedulerName} reads or writes the {@code @} of {@code
   * SCHEDULER@PLACEMENT}: no {@code split("@")}, {@code indexOf('@')}, {@code startsWith("dl2@")}
   * or separator constant elsewhere, so that a name has one grammar.
   */
  static List<String> onlySchedulerNameParsesTheAt(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      if (file.path().endsWith("/dl2/slot/SchedulerName.java")) {
        continue;
      }
      Matcher m = AT_LITERAL.matcher(COMMENT.matcher(file.text()).replaceAll(" "));
      while (m.find()) {
        violations.add(
            file.name()
                + " splits or joins a name at "
                + m.group()
                + "; use dl2.slot.SchedulerName");
      }
    }
    return violations;
  }

  /** The accessors of a job's true length E*. */
  private static final Pattern TRUE_LENGTH =
      Pattern.compile("\\brealEpochs\\b|\\bOracleLengths\\b");

  /**
   * The truth stays with the oracles (docs/job-lengths.md): no file of dl2's learning code, and no
   * scheduler or placement whose file is not named an oracle, reads a job's true length ({@code
   * realEpochs}, {@code dl2.slot.OracleLengths}); comments may name them. The true lengths of the
   * training traces' jobs, which have finished (the history a cluster keeps, not a running job's
   * truth), are read in {@code dl2.lengths.LengthPosterior}, outside these files.
   */
  static List<String> truthStaysWithOracles(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      boolean guarded =
          file.path().contains("/dl2-learning/src/main/java/")
              || file.path().contains("/dl2-schedulers/src/main/java/dl2/schedulers/")
              || file.path().contains("/dl2-schedulers/src/main/java/dl2/placement/");
      boolean exempt = file.name().contains("Oracle");
      if (guarded
          && !exempt
          && TRUE_LENGTH.matcher(COMMENT.matcher(file.text()).replaceAll(" ")).find()) {
        violations.add(
            file.name()
                + " reads a job's true length; only an oracle may (name it -oracle: docs/job-lengths.md)");
      }
    }
    return violations;
  }

  /**
   * What the world's own speeds are reached by: the speed model, dry runs, the oracles' sources.
   */
  private static final Pattern WORLD_SPEEDS =
      Pattern.compile(
          "dl2\\.speed\\.|SpeedModel|dryRun|PlacedDryRuns|speedOracle|PartlyOracleSpeeds"
              + "|new Simulator\\(");

  /** What may not reach the world's speeds even where the world is played: dry runs and oracles. */
  private static final Pattern WORLD_ANSWERS =
      Pattern.compile("dryRun|PlacedDryRuns|speedOracle|PartlyOracleSpeeds");

  /**
   * The observation-only greedy and its history (docs/heuristics/observed-greedy.md) learn from
   * measured progress only: no main file of {@code dl2.schedulers.placed} or {@code
   * dl2.schedulers.history} refers to the speed model, a dry run or the oracles' speeds, but for
   * the oracles' own sources ({@code PlacedDryRuns}, {@code PartlyOracleSpeeds}), the interface
   * they share ({@code PlacedSpeeds}) and the greedy's factory of its oracle ({@code IaGreedy}).
   * {@code SpeedHistoryRuns} plays the training traces in a simulator, so it builds one with the
   * speed model, but asks it no dry run and no oracle: the history holds what the scheduler
   * measured.
   */
  static List<String> measuredGreedyReadsNoWorld(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    List<String> oracles =
        List.of(
            "PlacedDryRuns.java",
            "PartlyOracleSpeeds.java",
            "PlacedSpeeds.java",
            "IaGreedy.java",
            "package-info.java");
    for (SourceFile file : files) {
      String path = file.path();
      boolean placed = path.contains("/dl2-schedulers/src/main/java/dl2/schedulers/placed/");
      boolean history = path.contains("/dl2-schedulers/src/main/java/dl2/schedulers/history/");
      if (!(placed || history) || oracles.contains(file.name())) {
        continue;
      }
      Pattern forbidden =
          file.name().equals("SpeedHistoryRuns.java") ? WORLD_ANSWERS : WORLD_SPEEDS;
      Matcher m = forbidden.matcher(COMMENT.matcher(file.text()).replaceAll(" "));
      if (m.find()) {
        violations.add(
            file.name()
                + " reaches the world's speeds ("
                + m.group()
                + "); the measured greedy and its history learn from observed progress only");
      }
    }
    return violations;
  }

  /**
   * Every random stream is named once, in dl2.model.SeedStream: each {@code Rng.derive} passes a
   * registered stream.
   */
  static List<String> seedStreamsAreRegistered(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      if (file.path().endsWith("/dl2/model/Rng.java")) {
        continue;
      }
      Matcher m = DERIVE.matcher(COMMENT.matcher(file.text()).replaceAll(" "));
      while (m.find()) {
        if (!REGISTERED_STREAM.matcher(m.group(2).trim()).matches()) {
          violations.add(
              file.name()
                  + " derives a seed from stream '"
                  + m.group(2).trim()
                  + "', which dl2.model.SeedStream does not name");
        }
      }
    }
    return violations;
  }

  /**
   * Placement is one decorator: the simulator ({@code dl2.simulation} and below) knows no {@code
   * Placement}, so that "run S with its tasks placed by P" has one route, a {@code PlacedScheduler}
   * around S; comments may name it.
   */
  static List<String> simulatorKnowsNoPlacement(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      if (file.path().contains("/dl2/simulation/")) {
        Matcher m = PLACEMENT_TYPE.matcher(COMMENT.matcher(file.text()).replaceAll(" "));
        if (m.find()) {
          violations.add(
              file.name()
                  + " uses "
                  + m.group(1)
                  + ": the simulator places no task, a PlacedScheduler does");
        }
      }
    }
    return violations;
  }

  /**
   * Only {@code dl2.slot.PlacedScheduler} makes a {@code PlacedSlot}: the one place a placement
   * sees a slot start and end.
   */
  static List<String> onlyPlacedSchedulerMakesPlacedSlots(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      if (!file.path().endsWith("/dl2/slot/PlacedScheduler.java")
          && NEW_PLACED_SLOT.matcher(COMMENT.matcher(file.text()).replaceAll(" ")).find()) {
        violations.add(
            file.name() + " makes a PlacedSlot; run the scheduler in a PlacedScheduler instead");
      }
    }
    return violations;
  }

  /**
   * Only the emulator (dl2-emulator) depends on fabric8's mock API server outside test scope; every
   * other module, the controller's image among them, runs without it.
   */
  static List<String> onlyTheEmulatorDependsOnTheMockServer(List<SourceFile> poms) {
    List<String> violations = new ArrayList<>();
    for (SourceFile pom : poms) {
      if (pom.path().endsWith("/dl2-emulator/pom.xml")) {
        continue;
      }
      Matcher m = MOCK_DEPENDENCY.matcher(pom.text());
      while (m.find()) {
        if (!m.group(1).contains("<scope>test</scope>")) {
          violations.add(pom.path() + " depends on kubernetes-server-mock outside test scope");
        }
      }
    }
    return violations;
  }

  /**
   * Every package that holds main code has its own rank: a new package (a sub-package too, which
   * would otherwise pass as its parent) fails until it is placed in {@link #RANK}.
   */
  static List<String> everyPackageIsRanked(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      Matcher declared = PACKAGE.matcher(file.text());
      String pkg = declared.find() ? declared.group(1) : "(no package)";
      if (!RANK.containsKey(pkg)) {
        String violation = pkg + " is not ranked in ArchitectureRules.RANK";
        if (!violations.contains(violation)) {
          violations.add(violation);
        }
      }
    }
    return violations;
  }

  /**
   * {@code dl2.cli} holds only what picocli reads: commands, classes of options (mixins and
   * argument groups), and the plumbing those name (converters, completion candidates, default
   * values, help sections). What a command runs goes to {@code dl2.run}, what it shows to {@code
   * dl2.console}.
   */
  static List<String> cliHoldsOnlyCommandsAndOptions(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      Matcher declared = PACKAGE.matcher(file.text());
      if (!declared.find()
          || !declared.group(1).equals("dl2.cli")
          || file.name().equals("package-info.java")) {
        continue;
      }
      String code = COMMENT.matcher(file.text()).replaceAll(" ");
      if (!CLI_COMMAND.matcher(code).find()
          && !CLI_OPTIONS.matcher(code).find()
          && !CLI_PLUMBING.matcher(code).find()) {
        violations.add(
            file.name()
                + " in dl2.cli is no command, options or picocli plumbing; move it to dl2.run or dl2.console");
      }
    }
    return violations;
  }

  /** No main source file is longer than {@link #MAX_MAIN_LINES} lines (as formatted). */
  static List<String> mainFilesStayShort(List<SourceFile> files) {
    List<String> violations = new ArrayList<>();
    for (SourceFile file : files) {
      String text = file.text();
      long lines = text.chars().filter(c -> c == '\n').count();
      if (!text.isEmpty() && !text.endsWith("\n")) {
        lines++;
      }
      if (lines > MAX_MAIN_LINES) {
        violations.add(
            file.name() + " has " + lines + " lines; split it (at most " + MAX_MAIN_LINES + ")");
      }
    }
    return violations;
  }
}
